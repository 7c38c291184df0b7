// expect-error: 3:1
int x;
/* this comment is never closed
int main(void) { return 0; }
