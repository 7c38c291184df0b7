// expect: SUCCESSFUL
// cc: skip nondeterministic inputs
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  double y = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= -100.0f && x <= 100.0f);
  __VERIFIER_assume(y >= 0.0 && y <= 1.0);
  double z = x * y;
  if (!(z >= -100.0 && z <= 100.0)) reach_error();
  float w = x + 1.0f;
  if (w < x) reach_error();
  return 0;
}
