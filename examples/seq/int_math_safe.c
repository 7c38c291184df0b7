// expect: SUCCESSFUL
// args: --int-math
// With mathematical integers x + 1 > x always holds (no overflow assumed).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x + 1 <= x) {
    reach_error();
  }
  return 0;
}
