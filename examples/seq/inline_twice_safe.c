// expect: SUCCESSFUL
// A function inlined at two call sites; each copy has its own parameter.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int add_clamped(int v, int d) {
  int r = v + d;
  if (r > 1000) {
    r = 1000;
  }
  return r;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 100);
  int a = add_clamped(x, 1);
  int b = add_clamped(a, 1);
  if (b != x + 2) {
    reach_error();
  }
  return 0;
}
