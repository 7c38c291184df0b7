// expect: SUCCESSFUL
// int <-> float conversions: truncation toward zero, rounding of wide integers
#include <assert.h>
#include <stdint.h>
int main(void) {
  double d = -2.99;
  int i = d;
  assert(i == -2);
  unsigned u = 3.99f;
  assert(u == 3);
  int64_t big = 9007199254740993LL;   /* 2^53 + 1 */
  double bd = big;
  assert(bd == 9007199254740992.0);
  float f = 16777217;
  assert(f == 16777216.0f);
  uint64_t m = 18446744073709551615ULL;
  float mf = m;
  assert(mf == 18446744073709551616.0f);
  assert((int)-0.5 == 0);
  assert((unsigned char)255.9 == 255);
  double dd = 0.1f;
  assert(dd != 0.1 && (float)dd == 0.1f);
  assert((float)1e40 > 1e38f);         /* overflow: infinity */
  _Bool b = 0.5;
  assert(b == 1);
  char c = 'A';
  float cf = c + 0.5f;
  assert(cf == 65.5f);
  return 0;
}
