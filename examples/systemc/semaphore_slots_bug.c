// expect: FAILED
// As semaphore_slots_safe.c, but the third process calls trywait() as if it blocked like
// wait(): at 1 ns both slots are taken, so trywait() returns -1 without taking one
// (sc_semaphore.cpp), the process uses the bus anyway as the third user, and its post()
// later raises the semaphore's value above its initial 2.
#include <systemc.h>

sc_semaphore slots = SC_SEMAPHORE_INIT(2);
int users, done;

void use_bus(void) {
  users++;
  assert(users <= 2);
  sc_wait_time(sc_time_make(2, SC_NS));
  users--;
  done++;
  sc_semaphore_post(&slots);
}

void p1(void) {
  sc_semaphore_wait(&slots);
  use_bus();
}

void p2(void) {
  sc_semaphore_wait(&slots);
  use_bus();
}

void p3(void) {
  int r;
  sc_wait_time(sc_time_make(1, SC_NS));
  sc_semaphore_trywait(&slots, r); /* -1: no slot free; the result is ignored */
  use_bus();
}

int main(void) {
  SC_THREAD(p1);
  SC_THREAD(p2);
  SC_THREAD(p3);
  sc_start();
  assert(done == 3 && sc_semaphore_get_value(&slots) == 2);
  return 0;
}
