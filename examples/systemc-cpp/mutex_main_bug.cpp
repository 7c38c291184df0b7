// expect: FAILED
// Bug: sc_main "locks" the mutex before the simulation and unlocks it afterwards. Outside a
// process the lock took nothing (the caller's process handle is null), and the unlock of the
// free mutex notifies its event immediately outside the evaluation phase: an error of the
// reference kernel (SC_ID_IMMEDIATE_NOTIFICATION_, sc_mutex.cpp / sc_event.cpp).
#include <systemc.h>

SC_MODULE(Shared) {
  sc_mutex m;
  int count;
  void worker() {
    m.lock();
    count++;
    wait(1, SC_NS);
    m.unlock();
  }
  SC_CTOR(Shared) : count(0) { SC_THREAD(worker); }
};

int sc_main(int argc, char *argv[]) {
  Shared top("top");
  top.m.lock();
  sc_start();
  sc_assert(top.count == 1);
  top.m.unlock();
  return 0;
}
