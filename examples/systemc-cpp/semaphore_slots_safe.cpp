// expect: SUCCESSFUL
// C++ twin of examples/systemc/semaphore_slots_safe.c: three processes share two bus slots
// counted by an sc_semaphore(2); wait() blocks while the value is 0 and post() wakes the
// waiters, so at most two processes use the bus at a time.
#include <systemc.h>

SC_MODULE(Bus) {
  sc_semaphore slots;
  int users, done;

  void use_bus() {
    users++;
    sc_assert(users <= 2);
    wait(2, SC_NS);
    users--;
    done++;
    slots.post();
  }

  void p1() {
    slots.wait();
    use_bus();
  }

  void p2() {
    slots.wait();
    use_bus();
  }

  void p3() {
    wait(1, SC_NS);
    slots.wait(); // blocks until 2 ns
    use_bus();
  }

  SC_CTOR(Bus) : slots(2), users(0), done(0) {
    SC_THREAD(p1);
    SC_THREAD(p2);
    SC_THREAD(p3);
  }
};

int sc_main(int argc, char *argv[]) {
  Bus bus("bus");
  sc_start();
  sc_assert(bus.done == 3 && bus.slots.get_value() == 2);
  return 0;
}
