// expect: FAILED
// cc: skip the address of a packed struct (alignment 1) is up to the linker: the assertion may or may not hold
// ESBMC's natural_alignment_fail: the symbolic base address (frontend::lower::bases) is only a multiple of 1.
#include <assert.h>
#include <stdint.h>
struct __attribute__((packed)) packed_struct {
    char c;
    int i;
};
struct packed_struct g_packed;
int main(void) {
    assert((uintptr_t)&g_packed % 4 == 0);
    return 0;
}
