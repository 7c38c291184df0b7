// expect: SUCCESSFUL
// args: --engine bmc
// ffs family and GCC's bit-scanning built-ins, exact.
#include <assert.h>
#include <strings.h>
int main(void) {
    assert(ffs(0) == 0 && ffs(1) == 1 && ffs(8) == 4 && ffs(-2147483647 - 1) == 32);
    assert(ffsl(0x100L) == 9 && ffsll(1LL << 40) == 41);
    assert(__builtin_ffs(12) == 3);
    assert(__builtin_clz(1u) == 31 && __builtin_clz(0x80000000u) == 0);
    assert(__builtin_ctz(8u) == 3 && __builtin_ctzll(1ull << 50) == 50);
    assert(__builtin_clzll(1ull) == 63);
    assert(__builtin_popcount(0xF0F0u) == 8 && __builtin_popcountll(~0ull) == 64);
    assert(__builtin_parity(7u) == 1 && __builtin_parity(3u) == 0);
    return 0;
}
