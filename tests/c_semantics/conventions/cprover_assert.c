// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip verifier built-ins
int main(void) { int x = 3; __CPROVER_assert(x == 3, "x is three"); return 0; }
