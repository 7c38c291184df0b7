// expect: FAILED
// An array read with a symbolic index: a[i] == 30 for i == 2.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int a[4] = {10, 20, 30, 40};

int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  if (a[i] == 30) {
    reach_error();
  }
  return 0;
}
