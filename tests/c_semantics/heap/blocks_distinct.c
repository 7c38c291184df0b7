// expect: SUCCESSFUL
// Nine blocks from one site (the modelled instances and the summary): all distinct.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *prev = 0;
  for (int i = 0; i < 9; i++) {
    int *p = malloc(sizeof(int));
    if (i > 0)
      assert(p != prev);
    prev = p;
  }
  return 0;
}
