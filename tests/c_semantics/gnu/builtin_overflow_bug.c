// expect: FAILED
// A checked addition that overflows: the guard catches it and the assertion fails.
#include <assert.h>
#include <limits.h>
int main(void) {
    int a = INT_MAX - 2, b = 5, r;
    if (__builtin_add_overflow(a, b, &r))
        assert(0);
    return r;
}
