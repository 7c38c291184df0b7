// expect: FAILED
// args: --engine bmc
// fmax ignores a NaN operand: the result is not NaN
#include <assert.h>
#include <math.h>
int main(void) {
  double n = NAN, one = 1.0;
  assert(isnan(fmax(one, n)));
  return 0;
}
