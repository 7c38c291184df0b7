// expect: UNKNOWN
// cc: skip undefined behaviour: s.arr[2] reads one past its member array (natively it reads s.y)
// An index exactly one past the end of a member array makes a valid address (`&s.arr[2]`, C11
// 6.5.6p8) but no valid access: the read is out of bounds of arr even though the address lies
// inside the struct (it used to read s.y, a SUCCESSFUL built on it).
#include <assert.h>
struct S { int arr[2]; int y; } s;
int main(void) {
  s.y = 7;
  assert(s.arr[2] == 7);
  return 0;
}
