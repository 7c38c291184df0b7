// expect-error: 4:8
int main(void) {
  int x = 1;
  x = x +;
  return x;
}
