// expect: SUCCESSFUL
// args: --engine bmc
// trunc/floor/ceil/round and their float forms: halfway cases, signed zeros, values at and
// beyond 2^52 (already integral), the largest double below 0.5
#include <assert.h>
#include <math.h>
int main(void) {
  double a = -2.5, b = -0.5, c = 0.49999999999999994, d = 4503599627370497.0, e = -0.3;
  double f = 2.5, g = 1e300, h = -7.0;
  assert(floor(a) == -3.0 && ceil(a) == -2.0 && trunc(a) == -2.0 && round(a) == -3.0);
  assert(floor(b) == -1.0 && signbit(ceil(b)) && ceil(b) == 0.0 && round(b) == -1.0);
  assert(round(c) == 0.0 && !signbit(round(c)) && ceil(c) == 1.0);
  assert(floor(d) == d && ceil(d) == d && round(d) == d && trunc(d) == d);
  assert(signbit(round(e)) && signbit(trunc(e)) && floor(e) == -1.0);
  assert(round(f) == 3.0 && floor(f) == 2.0 && ceil(f) == 3.0);
  assert(floor(g) == g && trunc(g) == g);
  assert(floor(h) == h && ceil(h) == h && round(h) == h && trunc(h) == h);
  float fa = -2.5f, fb = 0.49999997f, fc = 8388609.0f, fd = -0.75f;
  assert(floorf(fa) == -3.0f && ceilf(fa) == -2.0f && truncf(fa) == -2.0f && roundf(fa) == -3.0f);
  assert(roundf(fb) == 0.0f && floorf(fc) == fc && roundf(fd) == -1.0f && signbit(ceilf(fd)));
  return 0;
}
