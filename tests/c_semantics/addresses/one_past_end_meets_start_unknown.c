// expect: UNKNOWN
// cc: skip whether `b` follows `a` in memory is up to the compiler and linker
// C11 6.5.9p6: a pointer one past the end of one object may compare equal to a pointer to the
// start of another that happens to follow it. Our objects never touch, so the comparison is
// layout-dependent: never SUCCESSFUL.
#include <assert.h>
int a[1], b[1];
int main(void) {
    int *p = a + 1, *q = &b[0];
    assert(p != q);
    return 0;
}
