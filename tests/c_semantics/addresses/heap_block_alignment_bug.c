// expect: FAILED
// As heap_block_alignment_safe.c claiming 32: malloc promises 16 only (glibc places these
// three blocks 32 and 48 bytes apart, so one of them is not 32-aligned).
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(24);
  char *q = malloc(40);
  char *r = malloc(8);
  if (!p || !q || !r)
    return 0;
  assert((uintptr_t)p % 32 == 0 && (uintptr_t)q % 32 == 0 && (uintptr_t)r % 32 == 0);
  return 0;
}
