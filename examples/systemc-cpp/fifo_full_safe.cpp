// expect: SUCCESSFUL
// C++ twin of examples/systemc/fifo_full_safe.c: a producer writes into a one-place sc_fifo
// faster than the consumer reads; blocking writes wait for the free slot. A value written in a
// delta cycle is readable from the next one, a slot freed by a read is free from the next one.
#include <systemc.h>

SC_MODULE(Producer) {
  sc_fifo_out<int> out;
  void run() {
    out.write(1);
    out.write(2);
    wait(5, SC_NS);
    out.write(3);
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
