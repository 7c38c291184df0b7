// expect-error: 3:1
int x;
#error this configuration is not supported
int main(void) { return 0; }
