// expect: SUCCESSFUL
// A counting loop: after ten iterations the counter is exactly 10.
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
