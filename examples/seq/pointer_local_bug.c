// expect: FAILED
// A write through a pointer to a local changes the local.
void reach_error(void);

int main(void) {
  int x = 0;
  int y = 1;
  int *p = &x;
  *p = 7;
  p = &y;
  *p = *p + x;
  if (x == 7 && y == 8) {
    reach_error();
  }
  return 0;
}
