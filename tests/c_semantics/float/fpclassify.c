// expect: SUCCESSFUL
// <math.h>'s fpclassify and isnormal on every class of float and double (glibc's FP_* values:
// NaN 0, infinite 1, zero 2, subnormal 3, normal 4), including -0, the smallest subnormal and
// the largest finite value; the argument is evaluated once.
#include <assert.h>
#include <math.h>
#include <float.h>
int main(void) {
  float fz = -0.0f, fs = FLT_MIN / 4.0f, fn = -1.5f, fi = -INFINITY, fq = NAN;
  double dz = 0.0, ds = 0x1p-1074, dn = DBL_MAX, di = HUGE_VAL, dq = -NAN;
  assert(fpclassify(fz) == FP_ZERO && fpclassify(dz) == FP_ZERO);
  assert(fpclassify(fs) == FP_SUBNORMAL && fpclassify(ds) == FP_SUBNORMAL);
  assert(fpclassify(fn) == FP_NORMAL && fpclassify(dn) == FP_NORMAL);
  assert(fpclassify(fi) == FP_INFINITE && fpclassify(di) == FP_INFINITE);
  assert(fpclassify(fq) == FP_NAN && fpclassify(dq) == FP_NAN);
  assert(FP_NAN == 0 && FP_INFINITE == 1 && FP_ZERO == 2 && FP_SUBNORMAL == 3 && FP_NORMAL == 4);
  assert(isnormal(fn) && isnormal(FLT_MIN) && isnormal(DBL_MIN) && isnormal(dn));
  assert(!isnormal(fz) && !isnormal(fs) && !isnormal(ds) && !isnormal(di) && !isnormal(fq));
  /* float's subnormal FLT_MIN / 4 is a normal double */
  assert(fpclassify((double)fs) == FP_NORMAL);
  int n = 0;
  float v[2] = {1.0f, 0.0f};
  assert(fpclassify(v[n++]) == FP_NORMAL && n == 1);
  assert(__builtin_fpclassify(10, 11, 12, 13, 14, v[1]) == 14);
  return 0;
}
