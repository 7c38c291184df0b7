// expect: SUCCESSFUL
// GNU cast to a union, `(union U)x`: the member of x's exact type is initialised with x
// (int goes to `i`, not to `l`; a bit-field member by its declared type), the value is a union.
#include <assert.h>
union V { int i; long l; char c; unsigned char *p; };
union B { unsigned raw : 32; struct { unsigned lo : 16, hi : 16; } h; };
static int take(union V v) { return v.i; }
int main(void) {
    union V v = (union V)5;
    assert(v.i == 5);
    v = (union V)(long)-1;
    assert(v.l == -1);
    assert(v.i == -1);
    char ch = 3;
    v = (union V)ch;
    assert(v.c == 3);
    const int ci = -7;
    assert(take((union V)ci) == -7);
    unsigned char buf[2] = {1, 2};
    v = (union V)buf; /* an array decays to the pointer member */
    assert(v.p[1] == 2);
    unsigned x = 0xabcd1234u;
    assert(((union B)x).raw == x);
    assert(((union B)x).h.lo == 0x1234u);
    assert(((union B)x).h.hi == 0xabcdu);
    return 0;
}
