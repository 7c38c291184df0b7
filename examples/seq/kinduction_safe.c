// expect: SUCCESSFUL
// args: --engine kinduction
// An unbounded loop with a saturating counter: k-induction (with interval strengthening)
// proves that x never exceeds 100.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  unsigned int x = 0;
  while (__VERIFIER_nondet_int()) {
    if (x < 100) {
      x++;
    }
  }
  if (x > 100) {
    reach_error();
  }
  return 0;
}
