// expect: FAILED
// cc: skip nondeterministic inputs
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float w = x + 1.0f;
  if (w == x) reach_error();   /* large x, infinity, NaN is not == */
  return 0;
}
