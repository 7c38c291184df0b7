// expect: SUCCESSFUL
#include <assert.h>

union reg {
    struct { unsigned short lo, hi; } half;
    unsigned int word;
};

struct dev {
    int id;
    union reg r;
};

int main(void) {
    union reg a = {.word = 0x12345678u};      /* the whole union */
    union reg b = {.half = {.lo = 7}};        /* hi is zero: a member of the named member */
    struct dev d = {5};                       /* d.r implicitly initialised: zero */
    assert(a.half.lo == 0x5678 && a.half.hi == 0x1234);
    assert(b.half.lo == 7 && b.half.hi == 0 && b.word == 7u);
    assert(d.r.word == 0u);
    return 0;
}
