// expect: SUCCESSFUL
// The typed family: operands converted to the parameter type first.
#include <assert.h>
#include <limits.h>
int main(void) {
    int r;
    long l;
    long long ll;
    unsigned u;
    unsigned long ul;
    unsigned long long ull;
    assert(__builtin_sadd_overflow(INT_MAX, 1, &r) && r == INT_MIN);
    assert(!__builtin_ssub_overflow(-3, 4, &r) && r == -7);
    assert(__builtin_smul_overflow(1 << 16, 1 << 15, &r) && r == INT_MIN);
    assert(__builtin_saddl_overflow(LONG_MAX, 1L, &l) && l == LONG_MIN);
    assert(__builtin_ssubll_overflow(LLONG_MIN, 1LL, &ll) && ll == LLONG_MAX);
    assert(__builtin_uadd_overflow(UINT_MAX, 1u, &u) && u == 0);
    assert(__builtin_usub_overflow(0u, 1u, &u) && u == UINT_MAX);
    assert(!__builtin_umul_overflow(65535u, 65537u, &u) && u == UINT_MAX);
    assert(__builtin_umull_overflow(ULONG_MAX, 2ul, &ul) && ul == ULONG_MAX - 1);
    assert(!__builtin_uaddll_overflow(1ull, 2ull, &ull) && ull == 3);
    return 0;
}
