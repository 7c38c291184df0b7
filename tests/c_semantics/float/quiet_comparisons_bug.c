// expect: FAILED
#include <assert.h>
#include <math.h>
int main(void) {
  double n = NAN;
  assert(isgreaterequal(n, n) || isless(n, n));
  return 0;
}
