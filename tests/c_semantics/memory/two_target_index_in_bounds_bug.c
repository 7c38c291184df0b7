// expect: FAILED
// As two_target_index_in_bounds.c, but the assertion expects the sum of a while q points to
// b: it fails.
#include <assert.h>
int pick = 0;
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int *q = pick ? a : b;
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += q[i];
  q[3] = 1;
  assert(s == 10 && b[3] == 1 && a[3] == 4);
  return 0;
}
