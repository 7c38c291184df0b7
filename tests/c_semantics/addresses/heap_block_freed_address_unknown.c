// expect: UNKNOWN
// cc: skip whether a new block reuses a freed one's address is the allocator's (glibc: it does)
// The program frees a block: a later block may reuse its bytes, so the blocks' addresses as
// integers are not given symbolic bases chosen at main's start (they would be disjoint): the
// observation stays unsupported, not SUCCESSFUL.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(24);
  if (!p)
    return 0;
  uintptr_t a = (uintptr_t)p;
  free(p);
  char *q = malloc(24);
  if (!q)
    return 0;
  assert((uintptr_t)q != a);
  return 0;
}
