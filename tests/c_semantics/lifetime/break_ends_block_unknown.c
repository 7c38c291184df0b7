// expect: UNKNOWN
// cc: skip reads an object of a loop body left by `break`
#include <assert.h>
int main(void) {
  int *p = 0;
  while (1) {
    int x = 5;
    p = &x;
    break;
  }
  assert(*p == 5);
  return 0;
}
