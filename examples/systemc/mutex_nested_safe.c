// expect: SUCCESSFUL
// Two processes update a shared counter in a read / wait / write critical section guarded by
// an sc_mutex. lock() blocks while the other process owns the mutex (sc_mutex.cpp: `while
// (in_use()) wait(m_free)`), and the owner's unlock() frees it and wakes the waiter, so no
// update is lost. Twin of mutex_nested_bug.c without the nested lock / unlock.
#include <systemc.h>

sc_mutex m;
int count;

void log_access(void) {
  /* nothing to lock here */
}

void a(void) {
  int r;
  sc_mutex_lock(&m);
  int c = count;
  log_access();
  sc_wait_time(sc_time_make(2, SC_NS));
  count = c + 1;
  sc_mutex_unlock(&m, r);
  assert(r == 0);
}

void b(void) {
  int r;
  sc_wait_time(sc_time_make(1, SC_NS));
  sc_mutex_lock(&m); /* a owns it until 2 ns */
  int c = count;
  sc_wait_time(sc_time_make(2, SC_NS));
  count = c + 1;
  sc_mutex_unlock(&m, r);
  assert(r == 0);
}

int main(void) {
  SC_THREAD(a);
  SC_THREAD(b);
  sc_start();
  assert(count == 2);
  return 0;
}
