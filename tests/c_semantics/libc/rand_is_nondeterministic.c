// expect: FAILED
// args: --engine bmc
// cc: skip rand() gives one fixed value natively
#include <assert.h>
#include <stdlib.h>
int main(void) { int r = rand(); assert(r != 12345); return 0; }
