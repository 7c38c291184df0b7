// expect: FAILED
// Summing 0.1f ten times is not 1.0f in binary32.
extern void reach_error(void);
int main(void) {
  float acc = 0.0f;
  for (int i = 0; i < 10; i++) {
    acc += 0.1f;
  }
  if (acc != 1.0f) reach_error();
  return 0;
}
