// expect: FAILED
// Integer division truncates: for x = 4, (x / 3) * 3 == x - 1.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 6);
  int q = x / 3;
  int r = x % 3;
  if (q * 3 + r != x) {
    return 1; /* never: C division identity */
  }
  if (q * 3 == x - 1) {
    reach_error();
  }
  return 0;
}
