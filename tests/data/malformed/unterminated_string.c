// expect-error: 3:13
int main(void) {
  char *s = "no end;
  return 0;
}
