// expect: FAILED
// A heap block's address need not fit in 32 bits on lp64 (glibc's heap lies above 4 GiB in a
// position-independent executable): (unsigned)p == p does not hold.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p)
    return 0;
  uintptr_t a = (uintptr_t)p;
  assert((unsigned)a == a);
  return 0;
}
