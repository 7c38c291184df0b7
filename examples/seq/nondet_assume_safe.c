// expect: SUCCESSFUL
// __VERIFIER_assume restricts the input, so 2 * x stays below 20.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 10);
  int y = x * 2;
  if (y >= 20) {
    reach_error();
  }
  return 0;
}
