// expect-error: 2:7
#if 1 +
int x;
#endif
int main(void) { return 0; }
