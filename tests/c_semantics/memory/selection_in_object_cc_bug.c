// expect: FAILED
// As selection_in_object_cc.c with a wrong sum on the second call. Pointers formed inside a (a + j, one past included) or b and selected against each other,
// then indexed back inside the object they came from (checked with cc).
#include <assert.h>
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int pick(int c, int j) {
  int *q = c ? a + j : b + 1;
  int *p = a + j;
  int *r = c ? b + 2 : p;
  return q[-1] + r[-2];
}
int main(void) {
  int s = 0;
  for (int j = 2; j <= 4; j++)
    s += pick(1, j);
  assert(s == (2 + 3 + 4) + 3 * 5);
  assert(pick(0, 3) == 5 + 3);
  return 0;
}
