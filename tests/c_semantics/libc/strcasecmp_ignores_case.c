// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <strings.h>
int main(void) { assert(strcasecmp("HeLLo", "hello") == 0); assert(strncasecmp("ABx", "aby", 2) == 0); assert(strcasecmp("a", "B") < 0); return 0; }
