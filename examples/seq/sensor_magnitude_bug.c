// expect: FAILED
// The root of the clamped reading reaches 10 exactly (sqrt(100) is exact): the bound is off by one.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  double raw = __VERIFIER_nondet_double();
  __VERIFIER_assume(!isnan(raw));
  double x = fmin(fmax(raw, 0.0), 100.0);
  double r = sqrt(x);
  if (!(r >= 0.0 && r < 10.0)) reach_error();
  return 0;
}
