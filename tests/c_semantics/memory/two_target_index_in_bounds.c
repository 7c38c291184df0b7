// expect: SUCCESSFUL
// q points to a or to b (chosen by a global, so the analysis keeps both) and a loop reads its
// four cells: every read stays inside the object q points into, and sums b.
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
  assert(s == 26 && b[3] == 1 && a[3] == 4);
  return 0;
}
