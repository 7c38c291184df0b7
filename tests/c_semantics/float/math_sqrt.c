// expect: SUCCESSFUL
// args: --engine bmc
// sqrt is correctly rounded (IEEE 754), also for subnormal operands and at the ends of the range
#include <assert.h>
#include <math.h>
int main(void) {
  double a = 2.0, b = 0.1, c = 0x1.1ccf385ebc8a0p+1023, d = 0x0.0000000000001p-1022;
  double e = 0x0.012688b70e62bp-1022, f = 0x1.fffffffffffffp+1023, g = 10.0, h = 0.25;
  assert(sqrt(a) == 0x1.6a09e667f3bcdp+0);
  assert(sqrt(b) == 0x1.43d136248490fp-2);
  assert(sqrt(c) == 0x1.7dddf6b095ff1p+511);
  assert(sqrt(d) == 0x1.0p-537);
  assert(sqrt(e) == 0x1.1297872d9cbaep-515);
  assert(sqrt(f) == 0x1.fffffffffffffp+511);
  assert(sqrt(g) == 0x1.94c583ada5b53p+1);
  assert(sqrt(h) == 0.5);
  return 0;
}
