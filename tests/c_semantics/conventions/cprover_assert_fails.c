// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
unsigned nondet_uint(void); int main(void) { unsigned x = nondet_uint(); __CPROVER_assert(x != 7, "x is never seven"); return 0; }
