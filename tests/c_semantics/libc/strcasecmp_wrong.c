// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <strings.h>
int main(void) { assert(strcasecmp("HeLLo", "help") == 0); return 0; }
