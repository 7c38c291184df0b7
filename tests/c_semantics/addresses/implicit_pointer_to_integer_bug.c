// expect: FAILED
// cc: skip where `x` lies is up to the linker (above 4 GiB in a position-independent binary)
// A pointer assigned to an integer without a cast (a constraint violation GCC accepts with a
// warning) is converted as by a cast: the address as an integer is the object's symbolic base,
// which may not fit 32 bits on a 64-bit target.
#include <assert.h>
int x;
int main(void) {
  unsigned long a = &x;
  unsigned t = a;
  assert(t == a);
  return 0;
}
