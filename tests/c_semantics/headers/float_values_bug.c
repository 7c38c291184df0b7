// expect: FAILED
// FLT_EPSILON is the gap after 1.0f, not the smallest positive float: 1 + FLT_MIN is 1.
#include <assert.h>
#include <float.h>
int main(void) {
  float one = 1.0f;
  assert(one + FLT_MIN > one);
  return 0;
}
