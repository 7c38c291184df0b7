// expect: FAILED
// finite() of a huge float converted from double: (float)1e300 is +inf, not finite.
#include <assert.h>
int finitef(float);
int isnan(double);
int main(void) {
  volatile double big = 1e300;
  assert(isnan(big * big - big * big) == 1);
  assert(finitef((float)big) == 1);
  return 0;
}
