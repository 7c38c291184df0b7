// expect-error: 3:10
int main(void) {
  return undeclared_var + 1;
}
