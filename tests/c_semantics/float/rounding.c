// expect: SUCCESSFUL
// round to nearest, ties to even; subnormals; overflow to infinity; signed zeros
#include <assert.h>
int main(void) {
  float big = 16777216.0f;
  assert(big + 1.0f == big);          /* tie: to even */
  assert(big + 3.0f == 16777220.0f);  /* tie: to even, upwards */
  double x = 0.1 + 0.2;
  assert(x != 0.3);
  assert(x == 0.30000000000000004);
  float tiny = 1e-45f;                /* smallest subnormal */
  assert(tiny / 2.0f == 0.0f);
  assert(tiny * 0.75f == tiny);
  double m = 1.7976931348623157e308;
  assert(m * 2 > m);
  assert(m + m == 1.0 / 0.0);
  double nz = -0.0;
  assert(1.0 / nz < 0);
  assert(nz == 0.0);
  assert(1.0 / (nz + 0.0) > 0);
  assert(1.0 / (nz - 0.0) < 0);
  assert(0x1p-1074 > 0 && 0x1p-1075 == 0);
  assert(1.0f / 3.0f == 0.333333343f);
  assert(2.0 / 3.0 == 0.66666666666666663);
  return 0;
}
