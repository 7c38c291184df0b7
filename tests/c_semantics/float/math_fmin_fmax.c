// expect: SUCCESSFUL
// args: --engine bmc
// fmin/fmax: a NaN operand gives the other operand (the sign of a zero result is unspecified
// in C: GCC may swap the operands, so it is not checked here)
#include <assert.h>
#include <math.h>
int main(void) {
  double n = NAN, one = 1.0, two = 2.0, z = 0.0, mz = -0.0;
  assert(fmin(one, two) == 1.0 && fmax(one, two) == 2.0);
  assert(fmin(n, one) == 1.0 && fmin(one, n) == 1.0 && fmax(n, two) == 2.0);
  assert(isnan(fmin(n, n)));
  assert(fmin(mz, z) == 0.0 && fmax(z, mz) == 0.0 && fmin(mz, two) == 0.0);
  float fn = NAN, f1 = -3.0f, f2 = 4.0f;
  assert(fminf(f1, f2) == -3.0f && fmaxf(f1, f2) == 4.0f && fmaxf(fn, f1) == -3.0f);
  return 0;
}
