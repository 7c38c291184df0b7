// expect: FAILED
// The mode field starts at bit 1, not bit 0.
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
    r.f.mode = 5;
    assert(r.raw == 5);
    return 0;
}
