// expect-error: 3:1
int x;
#endif
int main(void) { return 0; }
