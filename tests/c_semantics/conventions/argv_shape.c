// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stddef.h>
int main(int argc, char **argv) { assert(argc >= 1); assert(argv[0] != NULL); assert(argv[argc] == NULL); return 0; }
