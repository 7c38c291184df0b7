// expect: FAILED
// cc: skip where `x` lies is up to the linker (above 4 GiB in a position-independent binary)
// An address converted to an integer in a file-scope initialiser is the same symbolic base as
// at run time, not our layout's fixed address: it may not fit 32 bits on a 64-bit target.
#include <assert.h>
int x;
unsigned long a = (unsigned long)&x;
int main(void) {
  unsigned t = a;
  assert(t == a);
  return 0;
}
