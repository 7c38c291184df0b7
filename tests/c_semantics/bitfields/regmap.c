// expect: SUCCESSFUL
// A register map: a bit-field struct inside a union, read back as the whole word.
#include <assert.h>
#include <stdint.h>

union ctrl {
    struct {
        uint32_t en : 1, mode : 3, prescale : 8, : 4, irq : 1;
    } f;
    uint32_t raw;
};

int main(void) {
    union ctrl r;
    r.raw = 0;
    r.f.en = 1;
    r.f.mode = 5;
    assert(r.raw == 0xB);
    r.f.prescale = 0xA5;
    r.f.irq = 1;
    assert(r.raw == (0xBu | (0xA5u << 4) | (1u << 16)));
    r.raw = 0xFFFFFFFFu;
    assert(r.f.mode == 7 && r.f.prescale == 0xFF && r.f.irq == 1);
    r.f.mode = 2;
    assert(r.raw == 0xFFFFFFF5u);
    return 0;
}
