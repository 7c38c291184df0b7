// expect: UNKNOWN
// cc: skip undefined behaviour: s.arr[2] = 5 writes one past its member array (natively s.y)
// The write of member_array_one_past_read.c: out of bounds of arr, not a store to s.y that the
// assertion then sees (it used to be FAILED through s.y).
#include <assert.h>
struct S { int arr[2]; int y; } s;
int main(void) {
  s.y = 7;
  s.arr[2] = 5;
  assert(s.y == 7);
  return 0;
}
