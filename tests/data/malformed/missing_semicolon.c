// expect-error: 4:3
int main(void) {
  int x = 1
  return x;
}
