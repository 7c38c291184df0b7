// expect: SUCCESSFUL
// args: --engine bmc --unwind 17
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) { if (argc > 1) { int v = atoi(argv[1]); if (v > 0) assert(v >= 1); } return 0; }
