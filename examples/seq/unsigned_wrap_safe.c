// expect: SUCCESSFUL
// x + 1 < x holds for an unsigned int exactly when x is UINT_MAX.
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x + 1 < x) {
    if (x != 4294967295u) {
      reach_error();
    }
  }
  return 0;
}
