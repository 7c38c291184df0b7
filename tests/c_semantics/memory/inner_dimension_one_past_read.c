// expect: UNKNOWN
// cc: skip undefined behaviour: m[0][4] reads one past the row m[0] (natively it reads m[1][0])
// One past the end of an inner dimension: `&m[0][4]` is a valid address, `m[0][4]` is not a
// read of m[1][0] but out of bounds of the row.
#include <assert.h>
int m[3][4];
int main(void) {
  m[1][0] = 3;
  assert(m[0][4] == 3);
  return 0;
}
