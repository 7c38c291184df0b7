// expect: SUCCESSFUL
// NaN is unordered: every comparison but != is false
#include <assert.h>
#include <math.h>
int main(void) {
  double n = 0.0 / 0.0;
  float nf = NAN;
  assert(n != n);
  assert(!(n < 1.0) && !(n > 1.0) && !(n == n) && !(n <= n) && !(n >= 0));
  assert(isnan(n) && isnan(nf) && !isnan(1.0));
  assert(isinf(INFINITY) && !isinf(n) && !isfinite(n) && isfinite(2.0f));
  assert(isinf(-1.0 / 0.0));
  assert(signbit(-0.0) && !signbit(0.0) && signbit(-2.5f));
  assert(fabs(-3.5) == 3.5 && copysign(2.0, -0.0) == -2.0);
  double inf = 1.0 / 0.0;
  assert(isnan(inf - inf) && isnan(0 * inf) && isnan(inf / inf));
  if (n) { } else { assert(0); }      /* NaN is true */
  return 0;
}
