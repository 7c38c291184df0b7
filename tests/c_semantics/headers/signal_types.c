// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <signal.h>
volatile sig_atomic_t flag = 0; int main(void) { assert(SIGINT == 2 && SIGTERM == 15 && flag == 0); return 0; }
