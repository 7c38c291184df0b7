// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <errno.h>
int main(void) { assert(EINVAL == 22 && ERANGE == 34 && EAGAIN == 11 && ENOMEM == 12); return 0; }
