// expect: SUCCESSFUL
// cc: skip nondeterministic input and a function without a body
// As mixed_target_heap_index_past_block.c with the index in [0, 3]: every read on the block's
// branch lies inside the block, the proof stands.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3)
    return 0;
  int *q = malloc(4 * sizeof(int));
  if (__VERIFIER_nondet_int())
    q = get_ptr();
  int x = q[i];
  assert(i <= 3);
  return x;
}
