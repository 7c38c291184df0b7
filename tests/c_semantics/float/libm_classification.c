// expect: SUCCESSFUL
// glibc's classification functions declared by the program itself (no <math.h>): isnan,
// isnanf, finite, finitef and their __ forms, each 1 or 0 as glibc returns them.
#include <assert.h>
int isnan(double);
int isnanf(float);
int finite(double);
int finitef(float);
int __isnan(double);
int __finite(double);
int main(void) {
  volatile double zero = 0.0;
  double inf = 1.0 / zero, nan = zero / zero;
  assert(isnan(nan) == 1 && isnan(inf) == 0 && isnan(-2.5) == 0);
  assert(isnanf((float)nan) == 1 && isnanf(1.0f) == 0);
  assert(finite(1e300) == 1 && finite(inf) == 0 && finite(-inf) == 0 && finite(nan) == 0);
  assert(finitef(3.0f) == 1 && finitef((float)1e300) == 0);
  assert(__isnan(nan) == 1 && __finite(0.0) == 1);
  assert(isnan(7) == 0); /* an integer argument converted to double */
  return 0;
}
