// expect: FAILED
#include <assert.h>
int main(void) {
  float big = 16777216.0f;
  float r = big + 1.0f;
  assert(r == 16777217.0f + 1.0f);     /* 16777217.0f is 16777216.0f: holds */
  assert(r > big);                      /* fails: the tie rounds to even */
  return 0;
}
