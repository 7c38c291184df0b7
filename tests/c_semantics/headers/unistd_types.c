// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <unistd.h>
int main(void) { ssize_t n = -1; pid_t p = 3; assert(n < 0 && p == 3 && STDERR_FILENO == 2); return 0; }
