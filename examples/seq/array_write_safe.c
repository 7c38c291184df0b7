// expect: SUCCESSFUL
// A write through a symbolic index is read back at the same index.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int main(void) {
  int buf[3] = {0, 0, 0};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3);
  buf[i] = 5;
  if (buf[i] != 5) {
    reach_error();
  }
  return 0;
}
