// expect: SUCCESSFUL
// args: --engine bmc --unwind 17
#include <assert.h>
#include <string.h>
int main(int argc, char **argv) { for (int i = 0; i < argc && i < 5; i++) assert(strlen(argv[i]) < 1000); return 0; }
