// expect: FAILED
// cc: skip whether `b` follows `a` in memory is up to the compiler and linker: with symbolic base addresses (frontend::lower::bases) a layout where it does is found
#include <assert.h>
#include <stdint.h>
int a[2], b[2];
int main(void) {
    assert((uintptr_t)&a + 8 != (uintptr_t)&b);
    return 0;
}
