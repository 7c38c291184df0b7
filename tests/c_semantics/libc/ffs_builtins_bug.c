// expect: FAILED
// args: --engine bmc
// __builtin_ctz counts trailing zeros, not the 1-based index ffs gives.
#include <assert.h>
#include <strings.h>
int main(void) {
    unsigned x = 16u;
    assert(__builtin_ctz(x) == ffs((int)x));
    return 0;
}
