// expect: SUCCESSFUL
// A loop over floats: a bounded accumulation stays below its limit (IEEE binary32, rounding
// to nearest-even); the verdict needs the rounding to be exact.
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  float step = __VERIFIER_nondet_float();
  __VERIFIER_assume(step >= 0.0f && step <= 0.5f);
  float acc = 0.0f;
  for (int i = 0; i < 4; i++) {
    acc = acc + step;
  }
  if (acc > 2.0f) reach_error();
  return 0;
}
