// expect: SUCCESSFUL
// C++ twin of examples/systemc/mutex_nested_safe.c: two processes update a shared counter in
// a read / wait / write critical section guarded by an sc_mutex; lock() blocks while the other
// process owns it and the owner's unlock() frees it and wakes the waiter, so no update is lost.
#include <systemc.h>

SC_MODULE(Counter) {
  sc_mutex m;
  int count;

  void log_access() {}

  void a() {
    m.lock();
    int c = count;
    log_access();
    wait(2, SC_NS);
    count = c + 1;
    sc_assert(m.unlock() == 0);
  }

  void b() {
    wait(1, SC_NS);
    m.lock(); // a owns it until 2 ns
    int c = count;
    wait(2, SC_NS);
    count = c + 1;
    sc_assert(m.unlock() == 0);
  }

  SC_CTOR(Counter) : count(0) {
    SC_THREAD(a);
    SC_THREAD(b);
  }
};

int sc_main(int argc, char *argv[]) {
  Counter top("top");
  sc_start();
  sc_assert(top.count == 2);
  return 0;
}
