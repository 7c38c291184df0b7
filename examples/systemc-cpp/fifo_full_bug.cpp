// expect: FAILED
// C++ twin of examples/systemc/fifo_full_bug.c: a producer writes into a one-place sc_fifo
// faster than the consumer reads. A value written in a
// delta cycle is readable from the next one, a slot freed by a read is free from the next one.
// Bug: the producer uses nb_write and ignores its result: writing into the full FIFO fails and
// the value is lost, so the consumer reads 1, 3.
#include <systemc.h>

SC_MODULE(Producer) {
  sc_fifo_out<int> out;
  void run() {
    out.nb_write(1);
    out.nb_write(2);
    wait(5, SC_NS);
    out.nb_write(3);
  }
  SC_CTOR(Producer) { SC_THREAD(run); }
};

SC_MODULE(Consumer) {
  sc_fifo_in<int> in;
  void run() {
    for (int i = 1; i <= 3; i++) {
      wait(1, SC_NS);
      int v = in.read();
      sc_assert(v == i);
    }
  }
  SC_CTOR(Consumer) { SC_THREAD(run); }
};

int sc_main(int argc, char *argv[]) {
  sc_fifo<int> fifo("fifo", 1);
  Producer producer("producer");
  Consumer consumer("consumer");
  producer.out(fifo);
  consumer.in(fifo);
  sc_start();
  return 0;
}
