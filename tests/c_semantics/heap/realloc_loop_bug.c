// expect: FAILED
// args: --engine bmc
// a[2] holds 20 after the growth, not 21.
#include <stdlib.h>
#include <assert.h>
int main(void) {
  int *a = NULL; int n = 0;
  for (int i = 0; i < 4; i++) {
    a = realloc(a, (n + 1) * sizeof(int));
    a[n] = i * 10; n++;
  }
  assert(a[0] == 0 && a[3] == 30 && a[2] == 21);
  free(a);
  return 0;
}
