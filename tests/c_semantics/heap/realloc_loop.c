// expect: SUCCESSFUL
// args: --engine bmc
// An array grown one element at a time by realloc in a loop (NULL at first).
#include <stdlib.h>
#include <assert.h>
int main(void) {
  int *a = NULL; int n = 0;
  for (int i = 0; i < 4; i++) {
    a = realloc(a, (n + 1) * sizeof(int));
    a[n] = i * 10; n++;
  }
  assert(a[0] == 0 && a[3] == 30 && a[2] == 20);
  free(a);
  return 0;
}
