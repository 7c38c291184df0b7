// expect-error: 3:13
int main(void) {
  int x = 1 @ 2;
  return x;
}
