// expect: FAILED
// cc: skip an object's address is a multiple of its alignment and of nothing more in our model (a symbolic base address, frontend::lower::bases): whether gcc places it 32-aligned is up to the layout
// `_Alignas(16)` promises 16, not 32: the assertion may fail.
#include <assert.h>
#include <stdint.h>
int main(void) {
    _Alignas(16) int s = 0;
    assert(((uintptr_t)&s % 32) == 0);
    return s;
}
