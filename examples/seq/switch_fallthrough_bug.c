// expect: FAILED
// Case 1 falls through into case 2: for mode 1 the total is 1 + 2 = 3.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int mode = __VERIFIER_nondet_int();
  int total = 0;
  switch (mode) {
  case 1:
    total += 1;
  case 2:
    total += 2;
    break;
  case 3:
    total += 4;
    break;
  default:
    total = 0;
  }
  if (total == 3) {
    reach_error();
  }
  return 0;
}
