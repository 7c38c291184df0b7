// expect: FAILED
// cc: skip nondeterministic inputs
// A normal float may be negative: isnormal does not imply a positive value.
#include <assert.h>
#include <math.h>
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  if (isnormal(f)) assert(f > 0.0f);
  return 0;
}
