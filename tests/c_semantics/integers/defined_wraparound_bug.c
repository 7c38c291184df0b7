// expect: FAILED
// Wraparound C defines (or leaves to the implementation, as GCC does): unsigned arithmetic,
// conversions to a narrower signed type, arithmetic done in a wider type. None of it is a
// signed overflow, so the failing assertion's counterexample stays FAILED.
#include <assert.h>
#include <limits.h>
int main(void) {
    unsigned u = UINT_MAX;
    u = u + 1;
    short s = SHRT_MAX;
    s += 1;                           /* int arithmetic, then an implementation-defined conversion */
    signed char c = (signed char)200; /* conversion */
    int big = INT_MAX;
    long long wide = (long long)big + 1;
    assert(u == 0 && s == SHRT_MIN && c == -56 && wide == 2147483648LL);
    assert(u != 0); /* fails */
    return 0;
}
