// expect: UNKNOWN
// cc: skip writes through the address of a parameter after its call returned
#include <assert.h>
int *addr_of(int v) { return &v; }
int main(void) {
  int *q = addr_of(1);
  *q = 2;
  assert(1);
  return 0;
}
