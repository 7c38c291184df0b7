// expect: FAILED
// C++ twin of examples/systemc/signal_read_after_write_bug.c: a process writes a signal and
// reads it back in the same evaluation phase, expecting the new value. In SystemC a write only
// becomes visible in the update phase at the end of the delta cycle: the read still returns
// the old value (0), so the check fails.
#include <systemc.h>
using namespace sc_core;

SC_MODULE(Top) {
  sc_signal<int> data;
  void writer() {
    data.write(5);
    sc_assert(data.read() == 5);
  }
  SC_CTOR(Top) { SC_THREAD(writer); }
};

int sc_main(int argc, char *argv[]) {
  Top top("top");
  sc_start();
  return 0;
}
