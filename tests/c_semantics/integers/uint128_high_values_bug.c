// expect: FAILED
// `unsigned __int128` values of 2^127 and above are large, not negative: the maximum is not
// below 0 (a wrong SUCCESSFUL before, in BMC and in predabs, whose integer encoding held
// values as i128; programs with 128-bit values are now analysed in bit-vectors).
#include <assert.h>
int main(void) {
    unsigned __int128 z = -1;
    unsigned __int128 x = 1;
    x = x >> 70;
    assert(z < x);
    return 0;
}
