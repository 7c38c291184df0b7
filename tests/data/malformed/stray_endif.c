// expect-error: 3:2
int x;
#endif
int main(void) { return 0; }
