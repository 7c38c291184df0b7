// expect: FAILED
// Nested conditions on two inputs; only a = 3, b > a + 4 reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a < 100);
  __VERIFIER_assume(b >= 0 && b < 100);
  if (a > 2) {
    if (a < 4) {
      if (b > a + 4) {
        reach_error();
      }
    }
  }
  return 0;
}
