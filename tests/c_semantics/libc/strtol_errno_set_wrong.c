// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
int main(void) {
    long b = strtol("99999999999999999999", 0, 10);
    assert(errno == 0);
    return 0;
}
