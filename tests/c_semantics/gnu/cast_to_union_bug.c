// expect: FAILED
// GNU cast to a union: the long member holds the value cast, so the assertion fails.
#include <assert.h>
union V { int i; long l; };
int main(void) {
    long x = 0x100000000L;
    union V v = (union V)x;
    assert(v.l != 0x100000000L);
    return 0;
}
