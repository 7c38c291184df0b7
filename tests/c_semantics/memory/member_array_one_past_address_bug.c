// expect: FAILED
// As member_array_one_past_address.c, but the assertion expects the loop bounded by
// &s.arr[2] to have written s.y: it stops before it, so the assertion fails.
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
  assert(s.arr[0] + s.arr[1] == 2 && s.y == 1);
  return 0;
}
