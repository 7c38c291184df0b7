// expect: SUCCESSFUL
// the quiet comparison macros of <math.h>: NaN unordered, each operand evaluated once
#include <assert.h>
#include <math.h>
int main(void) {
  double n = NAN, one = 1.0;
  int k = 0;
  assert(!isless(n, one) && !isgreater(n, one) && isunordered(n, one) && !isunordered(one, 2.0));
  assert(islessgreater(one, 2.0) && !islessgreater(one, one) && isgreaterequal(one, one));
  assert(isless(k++, 2.0) && k == 1);
  return 0;
}
