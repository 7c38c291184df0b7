// expect-error: 5:10
int f(int a) { return a; }

int main(void) {
  return f(1, 2);
}
