// expect: SUCCESSFUL
// Three processes share two bus slots counted by an sc_semaphore with initial value 2. wait()
// blocks while the value is 0 (sc_semaphore.cpp: `while (in_use()) wait(m_free)`), post()
// increments it and wakes the waiters, so at most two processes use the bus at a time. Twin
// of semaphore_slots_bug.c, whose third process uses trywait().
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
  sc_wait_time(sc_time_make(1, SC_NS));
  sc_semaphore_wait(&slots); /* blocks until 2 ns */
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
