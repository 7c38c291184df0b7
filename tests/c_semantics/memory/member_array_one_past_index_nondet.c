// expect: UNKNOWN
// cc: skip nondeterministic input; undefined behaviour when i == 2
// An index from the environment in [0, 2] into a member array int arr[2]: at i == 2 the read
// is one past the end of arr (natively it reads s.y), so the path is undefined and the
// verdict UNKNOWN, while `&s.arr[i]` stays a valid address for every i in [0, 2].
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct S { int arr[2]; int y; } s;
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2)
    return 0;
  s.y = 7;
  int *e = &s.arr[i];
  assert(e <= &s.arr[2]);
  int x = s.arr[i];
  assert(x == 0 || x == 7);
  return 0;
}
