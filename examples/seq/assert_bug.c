// expect: FAILED
// A failing assert() (from <assert.h>): the maximum is computed wrongly.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int max(int a, int b) {
  if (a > b) {
    return b; /* bug: should be a */
  }
  return b;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int m = max(a, b);
  assert(m >= a);
  return 0;
}
