// expect: UNKNOWN
// cc: skip verifier built-ins
#include <assert.h>
extern int __VERIFIER_nondet_int(void); int down(int n) { return n <= 0 ? 0 : down(n - 1); } int main(void) { int n = __VERIFIER_nondet_int(); down(n); return 0; }
