// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
unsigned char nondet_uchar(void); int main(void) { unsigned char c = nondet_uchar(); assert(c != 255); return 0; }
