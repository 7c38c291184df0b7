// expect: UNKNOWN
// cc: skip undefined behaviour: q[5] with q == a reads past a (natively another address)
// q points to a or to b, both known objects. At i == 5 with q == a the address a + 20 lies past
// a; in our layout it is b's first cell, but reading it there is undefined behaviour (natively
// it reads whatever follows a). The access must stay inside the object q points into, not
// merely inside some candidate: UNKNOWN naming the out-of-bounds dereference (was FAILED,
// built on b[0]).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i != 5)
    return 0;
  int *q = __VERIFIER_nondet_int() ? a : b;
  int x = q[i];
  assert(x != 5 || q == b);
  return 0;
}
