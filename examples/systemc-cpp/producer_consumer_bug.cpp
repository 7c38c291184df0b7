// expect: FAILED
// C++ twin of examples/systemc/producer_consumer_bug.c: producer / consumer over a one-place
// buffer. The producer writes when the slot is free and signals the consumer with a delta
// notification; the consumer takes 2 ns to accept an item, then frees the slot and signals the
// producer with a timed notification (1 ns later). The consumer checks that it read the last
// value written and that no item was lost or duplicated. Bug: the producer does not wait for
// the free slot; it assumes the consumer is done after 1 ns and overwrites the item.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);

SC_MODULE(Channel) {
  sc_event write_ev, read_ev;
  int buf;
  bool q_free;
  int num_write, num_read;
  int last_write, last_read;

  void producer() {
    while (true) {
      buf = __VERIFIER_nondet_int();
      last_write = buf;
      num_write += 1;
      q_free = false;
      write_ev.notify(SC_ZERO_TIME);
      wait(1, SC_NS);
    }
  }

  void consumer() {
    while (true) {
      while (q_free)
        wait(write_ev);
      wait(2, SC_NS);
      last_read = buf;
      num_read += 1;
      q_free = true;
      read_ev.notify(1, SC_NS);
      sc_assert(last_read == last_write && num_read == num_write);
    }
  }

  SC_CTOR(Channel) : buf(0), q_free(true), num_write(0), num_read(0), last_write(0), last_read(0) {
    SC_THREAD(producer);
    SC_THREAD(consumer);
  }
};

int sc_main(int argc, char *argv[]) {
  Channel pc("pc");
  sc_start();
  return 0;
}
