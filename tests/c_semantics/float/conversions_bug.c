// expect: FAILED
#include <assert.h>
int main(void) {
  double d = 2.5;
  int i = d;
  assert(i == 3);       /* truncation, not rounding */
  return 0;
}
