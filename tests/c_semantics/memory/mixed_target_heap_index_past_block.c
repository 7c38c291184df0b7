// expect: UNKNOWN
// cc: skip nondeterministic input and a function without a body; undefined behaviour at i == 4
// The heap form of mixed_target_index_past_object.c: q is a block of four ints from malloc or
// whatever get_ptr() returned. At i == 4 on the block's branch the read lies past the block
// (undefined behaviour), an address outside every known object that must not be taken for the
// unknown target's: UNKNOWN naming the out-of-bounds dereference, not SUCCESSFUL.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 4)
    return 0;
  int *q = malloc(4 * sizeof(int));
  if (__VERIFIER_nondet_int())
    q = get_ptr();
  int x = q[i];
  assert(i <= 4);
  return x;
}
