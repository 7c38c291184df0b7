// expect: FAILED
// args: --engine bmc
// the rounded root squared is not 2 (it is 2.0000000000000004)
#include <assert.h>
#include <math.h>
int main(void) {
  double a = 2.0;
  double r = sqrt(a);
  assert(r * r == a);
  return 0;
}
