// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int main(int argc, char **argv) { int x = 2; assert(x == 2); return 0; }
