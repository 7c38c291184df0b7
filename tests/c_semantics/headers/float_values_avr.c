// expect: SUCCESSFUL
// target: avr
// cc: skip avr's double is binary32 (no native compiler for it)
// <float.h> follows the target: avr-gcc's double is 32 bits wide, so DBL_* are binary32's and
// LDBL_* (long double is double there) too.
#include <assert.h>
#include <float.h>
int main(void) {
  assert(DBL_MANT_DIG == 24 && DBL_MAX_EXP == 128 && DBL_DIG == 6);
  double d = DBL_MAX;
  assert(d == (double)FLT_MAX && DBL_EPSILON == (double)FLT_EPSILON);
  assert(LDBL_MANT_DIG == 24 && sizeof(LDBL_MAX) == sizeof(double));
  return 0;
}
