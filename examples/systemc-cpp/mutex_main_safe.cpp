// expect: SUCCESSFUL
// sc_mutex::lock called from sc_main (outside any process): in the reference kernel the
// caller's process handle is null, the same as a free mutex's owner, so the lock returns at
// once without taking the mutex (sc_mutex.cpp); the worker thread then locks it, updates the
// shared count and unlocks it.
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
  SC_CTOR(Shared) : count(0) {
    SC_THREAD(worker);
    SC_THREAD(worker2);
  }
  void worker2() {
    m.lock();
    count++;
    m.unlock();
  }
};

int sc_main(int argc, char *argv[]) {
  Shared top("top");
  top.m.lock(); // outside a process: returns at once, the mutex stays free
  sc_start();
  sc_assert(top.count == 2);
  sc_assert(top.m.trylock() == 0);
  return 0;
}
