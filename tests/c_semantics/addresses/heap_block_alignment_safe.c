// expect: SUCCESSFUL
// A block from malloc is aligned for any object type with fundamental alignment (C11 7.22.3p1):
// 16 on x86-64 (glibc's MALLOC_ALIGNMENT, _Alignof(max_align_t)). Its address as an integer is
// its symbolic base (frontend::lower::bases), not our layout's fixed address.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(24);
  char *q = malloc(40);
  char *r = malloc(8);
  if (!p || !q || !r)
    return 0;
  assert((uintptr_t)p % 16 == 0 && (uintptr_t)q % 16 == 0);
  assert(((uintptr_t)(r + 3) & 15) == 3);
  return 0;
}
