// expect: SUCCESSFUL
// GCC's checked arithmetic: the infinitely precise result, stored wrapped to the target's
// type; the value says whether it did not fit (operands of any integer types).
#include <assert.h>
#include <limits.h>
#include <stdint.h>
int main(void) {
    int r;
    assert(!__builtin_add_overflow(1, 2, &r) && r == 3);
    assert(__builtin_add_overflow(INT_MAX, 1, &r) && r == INT_MIN);
    assert(__builtin_sub_overflow(INT_MIN, 1, &r) && r == INT_MAX);
    assert(!__builtin_sub_overflow(-5, 7, &r) && r == -12);
    assert(__builtin_mul_overflow(65536, 65536, &r) && r == 0);
    assert(!__builtin_mul_overflow(-46340, 46340, &r) && r == -2147395600);
    unsigned u;
    assert(__builtin_sub_overflow(1u, 2u, &u) && u == UINT_MAX);
    assert(__builtin_sub_overflow(0, 1, &u) && u == UINT_MAX);
    assert(!__builtin_add_overflow(-1, 2, &u) && u == 1);
    assert(!__builtin_add_overflow(UINT_MAX, -1, &u) && u == UINT_MAX - 1);
    unsigned char c;
    assert(__builtin_add_overflow(200, 100, &c) && c == 44);
    assert(!__builtin_mul_overflow(15, 17, &c) && c == 255);
    signed char sc;
    assert(__builtin_mul_overflow(-16, 9, &sc) && sc == 112);
    long long ll;
    assert(__builtin_mul_overflow(LLONG_MIN, -1, &ll) && ll == LLONG_MIN);
    assert(!__builtin_mul_overflow(3000000000u, 3, &ll) && ll == 9000000000LL);
    unsigned long long ull;
    assert(__builtin_mul_overflow(UINT64_MAX, UINT64_MAX, &ull) && ull == 1);
    assert(!__builtin_mul_overflow(UINT64_MAX, 1, &ull) && ull == UINT64_MAX);
    assert(__builtin_mul_overflow(UINT64_MAX, -1, &ull) && ull == 1);
    assert(__builtin_mul_overflow(INT64_MIN, (uint64_t)2, &ll) && ll == 0);
    int64_t sll;
    assert(!__builtin_mul_overflow(INT64_MIN, 1u, &sll) && sll == INT64_MIN);
    return 0;
}
