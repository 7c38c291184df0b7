// expect: FAILED
// A float below FLT_MIN is subnormal, not normal: the classification must see the exponent
// field of the float, not of the value converted to double.
#include <assert.h>
#include <math.h>
#include <float.h>
int main(void) {
  float tiny = FLT_MIN / 2.0f;
  int c = fpclassify(tiny);
  assert(c == FP_NORMAL || c == FP_ZERO);
  return 0;
}
