// expect: SUCCESSFUL
// target: ppc32
// cc: skip big-endian target
// GCC on big-endian targets allocates bit-fields from the most significant bit.
#include <assert.h>
#include <stdint.h>

union ctrl {
    struct {
        uint32_t en : 1, mode : 3;
    } f;
    uint32_t raw;
};

int main(void) {
    union ctrl r;
    r.raw = 0;
    r.f.en = 1;
    assert(r.raw == 0x80000000u);
    r.f.mode = 5;
    assert(r.raw == 0xD0000000u);
    r.raw = 0x20000000u;
    assert(r.f.en == 0 && r.f.mode == 2);
    return 0;
}
