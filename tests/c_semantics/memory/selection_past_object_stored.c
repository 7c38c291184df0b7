// expect: UNKNOWN
// cc: skip nondeterministic input and a function without a body; undefined behaviour when q is p
// The pointer past a is formed first (p = a + j, j in [5, 8]) and selected later (q = c ? p :
// get_ptr()): the read *q on the branch where q is p is undefined behaviour, as in
// selection_past_object_read.c.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 5 || j > 8)
    return 0;
  int *p = a + j;
  int *q = p;
  if (__VERIFIER_nondet_int())
    q = get_ptr();
  if (q == a + 4)
    return 0; /* get_ptr() may return a's one-past-the-end address */
  int x = *q;
  assert(j <= 8);
  return x;
}
