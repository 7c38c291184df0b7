// expect: UNKNOWN
// cc: skip converting a float out of the integer's range is undefined behaviour
#include <assert.h>
int main(void) {
  double d = 3e9;
  int i = d;
  assert(i != 0);
  return 0;
}
