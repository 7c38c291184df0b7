// expect: UNKNOWN
// cc: skip reads the object of the previous iteration of a loop body (its lifetime ended)
#include <assert.h>
int main(void) {
  int *p = 0;
  for (int i = 0; i < 2; i++) {
    if (p)
      assert(*p == 0);
    int x = 0;
    p = &x;
  }
  return 0;
}
