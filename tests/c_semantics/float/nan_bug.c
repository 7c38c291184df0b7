// expect: FAILED
#include <assert.h>
int main(void) {
  double n = 0.0 / 0.0;
  assert(n >= 0.0 || n < 0.0);
  return 0;
}
