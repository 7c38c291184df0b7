// expect: UNKNOWN
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
extern int __VERIFIER_nondet_int(void); int sum(int n) { return n <= 0 ? 0 : n + sum(n - 1); } int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 20) return 0; assert(sum(n) == n * (n + 1) / 2); return 0; }
