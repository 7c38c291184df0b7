// expect: UNKNOWN
// args: --engine bmc
// cc: skip three recursive call sites unwound ten deep exceed the instance budget
#include <assert.h>
int ack(int m, int n) { if (m == 0) return n + 1; if (n == 0) return ack(m - 1, 1); return ack(m - 1, ack(m, n - 1)); } int main(void) { assert(ack(1, 2) == 4); return 0; }
