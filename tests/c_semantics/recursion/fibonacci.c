// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); } int main(void) { assert(fib(8) == 21); return 0; }
