// expect: FAILED
// Off-by-one: the loop runs six times, not five.
void reach_error(void);

int main(void) {
  int count = 0;
  for (int i = 0; i <= 5; i++) {
    count++;
  }
  if (count == 6) {
    reach_error();
  }
  return 0;
}
