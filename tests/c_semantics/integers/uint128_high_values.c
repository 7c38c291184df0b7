// expect: SUCCESSFUL
// `unsigned __int128` above 2^127: ordering, division, remainder and right shifts are unsigned.
#include <assert.h>
int main(void) {
    unsigned __int128 z = -1;
    unsigned __int128 h = (unsigned __int128)1 << 127;
    assert(z > h && h > 0 && !(z < 1));
    assert(z / 2 == h - 1);
    assert(z % 10 == 5);
    assert((z >> 127) == 1 && (h >> 64) == ((unsigned __int128)1 << 63));
    assert((unsigned long long)(z >> 64) == 0xffffffffffffffffULL);
    __int128 s = -1;
    assert(s < 0 && (unsigned __int128)s == z);
    return 0;
}
