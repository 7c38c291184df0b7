// expect: FAILED
// The modeller treats sc_mutex as a recursive (counting) lock: a helper called inside the
// critical section locks and unlocks the mutex again. In SystemC a lock() by the owner returns
// at once without counting, and the owner's first unlock() frees the mutex (sc_mutex.cpp), so
// the helper's unlock ends a's critical section early: b takes the mutex at 1 ns, both read
// count == 0 and the counter ends at 1. a's final unlock() is by a non-owner: it returns -1
// and changes nothing.
#include <systemc.h>

sc_mutex m;
int count;

void log_access(void) {
  int r;
  sc_mutex_lock(&m); /* the owner: returns at once */
  sc_mutex_unlock(&m, r); /* frees the mutex */
}

void a(void) {
  int r;
  sc_mutex_lock(&m);
  int c = count;
  log_access();
  sc_wait_time(sc_time_make(2, SC_NS));
  count = c + 1;
  sc_mutex_unlock(&m, r); /* -1: b owns it now */
}

void b(void) {
  int r;
  sc_wait_time(sc_time_make(1, SC_NS));
  sc_mutex_lock(&m); /* free since log_access */
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
