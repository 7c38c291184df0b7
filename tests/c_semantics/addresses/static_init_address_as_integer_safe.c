// expect: SUCCESSFUL
// cc: skip where `x` lies is up to the linker
// A file-scope initialiser's address as an integer equals the address converted at run time,
// is non-null and a multiple of the object's alignment.
#include <assert.h>
#include <stdint.h>
int x;
uintptr_t a = (uintptr_t)&x;
int main(void) {
  assert(a == (uintptr_t)&x);
  assert(a != 0);
  assert(a % _Alignof(int) == 0);
  return 0;
}
