// expect: FAILED
// C++ twin of examples/systemc/mutex_nested_bug.c: a helper called inside the critical section
// locks and unlocks the mutex again, as if sc_mutex counted nested locks. SystemC's lock() by
// the owner returns at once and the owner's first unlock() frees the mutex, so b enters at
// 1 ns while a is still inside, and one update is lost; a's last unlock() returns -1.
#include <systemc.h>

SC_MODULE(Counter) {
  sc_mutex m;
  int count;

  void log_access() {
    m.lock();   // the owner: returns at once
    m.unlock(); // frees the mutex
  }

  void a() {
    m.lock();
    int c = count;
    log_access();
    wait(2, SC_NS);
    count = c + 1;
    m.unlock(); // -1: b owns it now
  }

  void b() {
    wait(1, SC_NS);
    m.lock(); // free since log_access
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
