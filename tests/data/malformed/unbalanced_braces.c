// expect-error: 5:1
int main(void) {
  return 0;
}
}
