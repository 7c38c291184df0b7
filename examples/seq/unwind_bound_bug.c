// expect: FAILED
// args: --engine bmc --unwind 3
// The loop needs 10 iterations: with --unwind 3 the unwinding assertion fails.
void reach_error(void);

int main(void) {
  int i = 0;
  while (i < 10) {
    i++;
  }
  if (i != 10) {
    reach_error();
  }
  return 0;
}
