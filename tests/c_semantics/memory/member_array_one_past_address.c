// expect: SUCCESSFUL
// One past the end of a member array and of an inner dimension are valid addresses (C11
// 6.5.6p8): `&s.arr[2]` equals `s.arr + 2`, bounds a loop over the array, and its distance
// from the start is 2; `&m[0][4]` is one past the row m[0]. Only an access through them is
// out of bounds (member_array_one_past_read.c).
#include <assert.h>
struct S { int arr[2]; int y; } s;
int m[3][4];
int main(void) {
  s.y = 7;
  int *e = &s.arr[2];
  assert(e == s.arr + 2);
  assert(e - s.arr == 2);
  for (int *p = s.arr; p != &s.arr[2]; p++)
    *p = 1;
  int n = 0;
  for (int *p = &m[0][0]; p < &m[0][4]; p++)
    n++;
  assert(n == 4);
  assert(sizeof s.arr[2] == sizeof(int));
  assert(s.arr[0] + s.arr[1] == 2 && s.y == 7);
  return 0;
}
