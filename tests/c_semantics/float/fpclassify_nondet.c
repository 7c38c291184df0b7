// expect: SUCCESSFUL
// cc: skip nondeterministic inputs
// fpclassify of any float: exactly the class the comparisons give.
#include <assert.h>
#include <math.h>
#include <float.h>
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  int c = fpclassify(f);
  if (c == FP_ZERO) assert(f == 0.0f);
  if (c == FP_NORMAL) assert(fabsf(f) >= FLT_MIN && fabsf(f) <= FLT_MAX);
  if (c == FP_SUBNORMAL) assert(f != 0.0f && fabsf(f) < FLT_MIN);
  if (c == FP_NAN) assert(f != f);
  if (c == FP_INFINITE) assert(isinf(f));
  assert(c >= FP_NAN && c <= FP_NORMAL);
  assert(isnormal(f) == (c == FP_NORMAL));
  return 0;
}
