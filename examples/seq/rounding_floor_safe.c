// expect: SUCCESSFUL
// args: --engine predabs
// A bucket index from floor() of a reading in [0, 8): always in 0..7.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  double t = __VERIFIER_nondet_double();
  __VERIFIER_assume(t >= 0.0 && t < 8.0);
  int bucket = (int)floor(t);
  if (bucket < 0 || bucket > 7) reach_error();
  return 0;
}
