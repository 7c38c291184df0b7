// expect-error: 3:3
int main(void) {
  foo_t x = 0;
  return 0;
}
