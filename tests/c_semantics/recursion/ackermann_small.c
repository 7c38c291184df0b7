// expect: SUCCESSFUL
// args: --engine bmc --unwind 5
#include <assert.h>
int ack(int m, int n) { if (m == 0) return n + 1; if (n == 0) return ack(m - 1, 1); return ack(m - 1, ack(m, n - 1)); } int main(void) { assert(ack(1, 2) == 4); return 0; }
