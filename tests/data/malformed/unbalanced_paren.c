// expect-error: 3:14
int main(void) {
  if (1 > 0 {
    return 1;
  }
  return 0;
}
