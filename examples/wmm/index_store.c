// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// A store through a symbolic index writes one cell: `c[idx] = 1` with idx == 0 never touches
// c[1], so thread b's `c[1] = 2` cannot be lost on SC, TSO or PSO. The lowering writes every cell
// the index may select (`c[k] := idx == k ? 1 : c[k]`); the keep arm must not be a buffered
// store of c[1]'s old value, which would overwrite b's store when flushed later.
#include <pthread.h>
#include <verifier.h>

int c[2], idx;

void *a(void *arg) {
  c[idx] = 1;
  return 0;
}

void *b(void *arg) {
  c[1] = 2;
  return 0;
}

int main(void) {
  pthread_t ta, tb;
  pthread_create(&ta, 0, a, 0);
  pthread_create(&tb, 0, b, 0);
  pthread_join(ta, 0);
  pthread_join(tb, 0);
  if (c[1] != 2)
    reach_error();
  return 0;
}
