// expect: FAILED
// args: --engine bmc
// cc: skip depends on the command line
#include <assert.h>
int main(int argc, char *argv[]) { if (argc > 1 && argv[1][0] == '-' && argv[1][1] == 'v') assert(0); return 0; }
