// expect-error: 3:13
int main(void) {
  if (1 > 0 {
    return 1;
  }
  return 0;
}
