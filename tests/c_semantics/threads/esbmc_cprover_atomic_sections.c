// expect: SUCCESSFUL
// cc: skip verifier built-ins (ESBMC's and CBMC's atomic sections)
// ESBMC's and CBMC's spellings of an atomic section are SV-COMP's: the other thread never sees
// the intermediate values, also when a section nests another (the inner end does not end the
// outer section). Minimised from ESBMC's regression 03_bluetooth_driver_02, where the two
// calls were unmodelled functions and the verdict a FAILED through them.
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
  y = 0;
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
