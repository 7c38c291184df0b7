// expect: FAILED
// unsigned char arithmetic wraps around: 250 + 10 == 4.
void reach_error(void);

int main(void) {
  unsigned char c = 250;
  c = c + 10;
  if (c == 4) {
    reach_error();
  }
  return 0;
}
