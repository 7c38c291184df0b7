// expect: FAILED
// args: --engine predabs
// A bucket index from floor(): negative readings give a negative bucket (floor(-0.5) is -1).
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  double t = __VERIFIER_nondet_double();
  __VERIFIER_assume(t > -1.0 && t < 8.0);
  int bucket = (int)floor(t);
  if (bucket < 0) reach_error();
  return 0;
}
