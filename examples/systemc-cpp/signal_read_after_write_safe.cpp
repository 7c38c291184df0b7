// expect: SUCCESSFUL
// C++ twin of examples/systemc/signal_read_after_write_safe.c: a process writes a signal and
// checks the SystemC rules: the read right after the write still returns the old value; after
// waiting for value_changed_event (notified in the next delta cycle by the update) it returns
// the new one; of two writes in one evaluation phase the last wins; a write of the current
// value notifies nothing.
#include <systemc.h>
using namespace sc_core;

SC_MODULE(Top) {
  sc_signal<int> data;
  int changes;

  void writer() {
    data.write(5);
    sc_assert(data.read() == 0);
    wait(data.value_changed_event());
    sc_assert(data.read() == 5);
    data.write(6);
    data.write(7);
    wait(SC_ZERO_TIME);
    sc_assert(data.read() == 7);
    data.write(7);
    wait(10, SC_NS);
    sc_assert(changes == 2);
  }

  void monitor() {
    while (true) {
      wait(data.value_changed_event());
      changes++;
    }
  }

  SC_CTOR(Top) : changes(0) {
    SC_THREAD(writer);
    SC_THREAD(monitor);
  }
};

int sc_main(int argc, char *argv[]) {
  Top top("top");
  sc_start();
  return 0;
}
