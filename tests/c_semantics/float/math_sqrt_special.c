// expect: SUCCESSFUL
// args: --engine bmc
// sqrt's special operands as x86-64 computes them: -0 stays -0, +inf stays +inf, a negative
// operand gives the default NaN (0xfff8...), a NaN comes back quieted; sqrtf likewise
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
static uint64_t bits(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static uint32_t bitsf(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
int main(void) {
  double z = -0.0, m = -1.0, i = INFINITY, n = -i;
  float mf = -4.0f, two = 2.0f, tiny = 0x1p-149f;
  assert(bits(sqrt(z)) == 0x8000000000000000u);
  assert(sqrt(i) == i);
  assert(bits(sqrt(m)) == 0xfff8000000000000u);
  assert(bits(sqrt(n)) == 0xfff8000000000000u);
  double q = i - i; /* the default NaN */
  double p = -q;    /* a positive quiet NaN */
  assert(bits(sqrt(p)) == 0x7ff8000000000000u);
  assert(bitsf(sqrtf(mf)) == 0xffc00000u);
  assert(sqrtf(two) == 0x1.6a09e6p+0f);
  assert(sqrtf(tiny) == 0x1.6a09e6p-75f);
  return 0;
}
