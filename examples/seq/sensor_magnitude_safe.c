// expect: SUCCESSFUL
// A sensor's reading is clamped to [0, 100] and its root (correctly rounded sqrt) lies in [0, 10].
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  double raw = __VERIFIER_nondet_double();
  __VERIFIER_assume(!isnan(raw));
  double x = fmin(fmax(raw, 0.0), 100.0);
  double r = sqrt(x);
  if (!(r >= 0.0 && r <= 10.0)) reach_error();
  return 0;
}
