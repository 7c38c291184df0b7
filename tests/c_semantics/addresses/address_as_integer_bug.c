// expect: FAILED
// cc: skip whether `a` happens to sit at a multiple of 64 is up to the linker
// An object's address as an integer (frontend::lower::bases) is a multiple of its alignment and
// of nothing more: the symbolic base address may be 4 modulo 64.
#include <assert.h>
#include <stdint.h>
int a[4];
int main(void) {
    uintptr_t ua = (uintptr_t)&a[0];
    assert(ua % _Alignof(int) == 0);
    assert(ua % 64 == 0);
    return 0;
}
