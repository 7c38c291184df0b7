// expect: SUCCESSFUL
// <float.h>: the binary32/binary64 limits as the compiler's float.h gives them, related to the
// values they describe (FLT_MAX + its last unit overflows, FLT_TRUE_MIN / 2 rounds to 0,
// 1 + FLT_EPSILON is the next float).
#include <assert.h>
#include <float.h>
int main(void) {
  assert(FLT_RADIX == 2 && FLT_MANT_DIG == 24 && DBL_MANT_DIG == 53);
  assert(FLT_DIG == 6 && DBL_DIG == 15 && FLT_DECIMAL_DIG == 9 && DBL_DECIMAL_DIG == 17);
  assert(FLT_MIN_EXP == -125 && FLT_MAX_EXP == 128 && DBL_MIN_EXP == -1021 && DBL_MAX_EXP == 1024);
  assert(FLT_MIN_10_EXP == -37 && FLT_MAX_10_EXP == 38);
  assert(DBL_MIN_10_EXP == -307 && DBL_MAX_10_EXP == 308);
  assert(FLT_MAX == 3.40282346638528859811704183484516925e+38F);
  assert(FLT_MIN == 1.17549435082228750796873653722224568e-38F);
  assert(FLT_EPSILON == 1.19209289550781250000000000000000000e-7F);
  assert(FLT_TRUE_MIN == 1.40129846432481707092372958328991613e-45F);
  assert(DBL_MAX == 1.79769313486231570814527423731704357e+308);
  assert(DBL_MIN == 2.22507385850720138309023271733240406e-308);
  assert(DBL_EPSILON == 2.22044604925031308084726333618164062e-16);
  assert(DBL_TRUE_MIN == 4.94065645841246544176568792868221372e-324);
  float one = 1.0f, tiny = FLT_TRUE_MIN, big = FLT_MAX;
  assert(one + FLT_EPSILON > one && one + FLT_EPSILON / 2 == one);
  assert(tiny / 2 == 0.0f && tiny > 0.0f);
  assert(big * 2 > big);           /* infinity */
  assert(sizeof(FLT_MAX) == sizeof(float) && sizeof(DBL_MAX) == sizeof(double));
  assert(FLT_HAS_SUBNORM == 1 && DBL_HAS_SUBNORM == 1 && FLT_EVAL_METHOD == 0);
  return 0;
}
