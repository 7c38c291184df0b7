// expect: FAILED
// A module's scalar data member with no initialiser is indeterminate when the module is
// constructed (C++ default-initialisation; a module is an object of sc_main or of `new`, not
// of static storage): `limit` is read before anything sets it, so any value is possible and
// the counter may fall short of it. (The safe variant sets it in the constructor.)
#include <systemc.h>

SC_MODULE(Counter) {
  int limit;
  int count;
  bool done;

  void run() {
    count = 0;
    done = false;
    for (int k = 0; k < 3; k++) {
      count++;
      wait(1, SC_NS);
    }
    done = true;
    sc_assert(count >= limit);
  }

  SC_CTOR(Counter) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Counter c("c");
  sc_start();
  return 0;
}
