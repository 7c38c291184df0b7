// expect: SUCCESSFUL
// Signed bit-fields sign-extend when read; the raw word sees their two's complement bits.
#include <assert.h>
#include <stdint.h>

union sf {
    struct {
        int a : 3;
        int b : 5;
        unsigned c : 4;
    } f;
    uint16_t raw;
};

int main(void) {
    union sf x;
    x.raw = 0x0FFF;
    assert(x.f.a == -1 && x.f.b == -1 && x.f.c == 15);
    x.raw = 0;
    x.f.a = -4;
    x.f.b = 9;
    assert(x.raw == (4 | (9 << 3)));
    x.raw = 0x0003;
    assert(x.f.a == 3);
    return 0;
}
