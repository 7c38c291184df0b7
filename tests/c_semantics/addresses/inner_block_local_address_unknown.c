// expect: UNKNOWN
// cc: skip two locals of blocks that are not live at the same time may share an address
// Only objects live for the whole execution get a symbolic base address (frontend::lower::bases):
// an inner block's local does not, and its address as an integer stays layout-dependent.
#include <assert.h>
#include <stdint.h>
int main(void) {
    uintptr_t x, y;
    { int a = 1; x = (uintptr_t)&a; }
    { int b = 2; y = (uintptr_t)&b; }
    assert(x != y);
    return 0;
}
