// expect: FAILED
// args: --engine bmc --unwind 5
// cc: skip verifier built-ins
#include <assert.h>
extern int __VERIFIER_nondet_int(void); int depth(int n) { if (n == 3) assert(0); return n <= 0 ? 0 : depth(n - 1) + 1; } int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 30) return 0; depth(n); return 0; }
