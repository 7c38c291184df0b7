// expect: UNKNOWN
// cc: skip dereferences the address of a local of a returned call (GCC even returns NULL for it)
#include <assert.h>
int *leak(int v) {
  int x = v;
  return &x;
}
int main(void) {
  int *q = leak(4);
  assert(*q == 4);
  return 0;
}
