// expect: UNKNOWN
// args: --engine bmc --unwind 5
// cc: skip verifier built-ins
#include <assert.h>
extern int __VERIFIER_nondet_int(void); int depth(int n, int d) { if (d == 12) assert(0); return n == 0 ? 0 : depth(n - 1, d + 1); } int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 30) return 0; depth(n, 0); return 0; }
