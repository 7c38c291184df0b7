// expect: UNKNOWN
// cc: skip undefined behaviour: s.arr[3] indexes past its member array (natively it reads s.z)
// A constant index beyond one past the end of a member array is out of bounds of that array,
// even though the address still lies inside the struct: the read has no defined value (it
// used to read the next member, a SUCCESSFUL built on it). `&s.arr[2]` stays a valid address.
#include <assert.h>
struct S { int arr[2]; int y; int z; } s;
int main(void) {
  s.y = 7;
  s.z = 8;
  int *end = &s.arr[2];
  assert(end != 0);
  assert(s.arr[3] == 8);
  return 0;
}
