// expect-error: 4:1
int main(void) {
  int x = 1
  return x;
}
