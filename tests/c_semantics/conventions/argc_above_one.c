// expect: FAILED
// args: --engine bmc
// cc: skip depends on the command line
#include <assert.h>
int main(int argc, char *argv[]) { assert(argc == 1); return 0; }
