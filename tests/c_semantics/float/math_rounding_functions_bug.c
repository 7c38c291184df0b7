// expect: FAILED
// args: --engine bmc
// floor rounds toward minus infinity: floor(-0.5) is -1, not 0 (the truncation)
#include <assert.h>
#include <math.h>
int main(void) {
  double x = -0.5;
  assert(floor(x) == trunc(x));
  return 0;
}
