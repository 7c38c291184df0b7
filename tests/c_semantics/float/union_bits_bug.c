// expect: FAILED
#include <assert.h>
#include <stdint.h>
union fu { float f; uint32_t u; };
int main(void) {
  union fu a;
  a.f = 0.1f;
  assert(a.u == 0x3dcccccdu + 1);
  return 0;
}
