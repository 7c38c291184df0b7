// expect: FAILED
// cc: skip the order of two blocks is the allocator's (glibc's puts the second after the first)
// As heap_blocks_disjoint_addresses.c claiming an order C does not promise: FAILED.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(24);
  char *q = malloc(40);
  if (!p || !q)
    return 0;
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  assert(a + 24 <= b);
  return 0;
}
