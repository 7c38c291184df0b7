// expect-error: 4:10
int main(void) {
  int x = 1;
  x = x +;
  return x;
}
