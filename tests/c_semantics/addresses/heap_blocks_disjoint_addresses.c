// expect: SUCCESSFUL
// Two live blocks do not overlap: as integers, one ends before the other starts.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(24);
  char *q = malloc(40);
  if (!p || !q)
    return 0;
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  assert(a + 24 <= b || b + 40 <= a);
  assert(a != 0 && b != 0);
  return 0;
}
