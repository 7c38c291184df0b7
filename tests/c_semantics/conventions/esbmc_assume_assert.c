// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip verifier built-ins
int nondet_int(void); int main(void) { int x = nondet_int(); __ESBMC_assume(x >= 0 && x <= 100); __ESBMC_assert(x / 10 <= 10, "bounded"); return 0; }
