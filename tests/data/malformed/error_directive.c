// expect-error: 3:2
int x;
#error this configuration is not supported
int main(void) { return 0; }
