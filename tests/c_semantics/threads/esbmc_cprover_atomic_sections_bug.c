// expect: FAILED
// cc: skip verifier built-ins (ESBMC's and CBMC's atomic sections)
// The sections do not hide what is left after them: y = 2 stays visible.
#include <assert.h>
#include <pthread.h>

void __ESBMC_atomic_begin(void);
void __ESBMC_atomic_end(void);
void __CPROVER_atomic_begin(void);
void __CPROVER_atomic_end(void);

int x, y;

void *worker(void *arg) {
  __ESBMC_atomic_begin();
  x = 1;
  __CPROVER_atomic_begin();
  y = 1;
  __CPROVER_atomic_end();
  y = 2;
  x = 0;
  __ESBMC_atomic_end();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  assert(x == 0 && y == 0);
  pthread_join(t, 0);
  return 0;
}
