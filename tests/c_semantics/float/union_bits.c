// expect: SUCCESSFUL
// a float read through a union as uint32_t gives its IEEE 754 bits (and back)
#include <assert.h>
#include <stdint.h>
union fu { float f; uint32_t u; };
union du { double d; uint64_t u; };
int main(void) {
  union fu a;
  a.f = 1.0f;
  assert(a.u == 0x3f800000u);
  a.f = -0.0f;
  assert(a.u == 0x80000000u);
  a.u = 0x7f800000u;
  assert(a.f > 1e38f);
  union du b;
  b.d = 0.1;
  assert(b.u == 0x3fb999999999999aULL);
  b.u = 1;
  assert(b.d > 0.0 && b.d < 1e-300);
  return 0;
}
