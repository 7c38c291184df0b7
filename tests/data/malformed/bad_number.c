// expect-error: 3:11
int main(void) {
  int x = 0x;
  return x;
}
