// expect: UNKNOWN
// cc: skip reads a compound literal after its block ended (undefined behaviour)
// A compound literal inside a block lives until the block ends (C11 6.5.2.5p5); ESBMC's
// github_591-3 expects a failed dereference here: schedmc says UNKNOWN, never SUCCESSFUL.
#include <assert.h>
#include <string.h>
int main(void) {
  int z = 7, *q;
  {
    int *p = &(int){0};
    memcpy(p, &z, sizeof(z));
    assert(*p == z);
    q = p;
  }
  assert(*q == z);
  return 0;
}
