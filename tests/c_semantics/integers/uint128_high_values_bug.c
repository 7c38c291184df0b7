// expect: FAILED
// args: --engine bmc
// `unsigned __int128` values of 2^127 and above are large, not negative: the maximum is not
// below 0 (a wrong SUCCESSFUL before). KNOWN GAP: the default engine (predabs) still answers
// SUCCESSFUL here (somewhere outside ir::semantics it orders unsigned 128-bit values as i128).
#include <assert.h>
int main(void) {
    unsigned __int128 z = -1;
    unsigned __int128 x = 1;
    x = x >> 70;
    assert(z < x);
    return 0;
}
