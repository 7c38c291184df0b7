// expect: SUCCESSFUL
#include <assert.h>
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } int main(void) { assert(fact(4) == 24); return 0; }
