// expect: SUCCESSFUL
// target: ppc32
// cc: skip big-endian target
// On a big-endian target the first byte of a word is its most significant byte.
#include <assert.h>
#include <stdint.h>

union word {
    uint32_t w;
    uint8_t b[4];
};

int main(void) {
    union word u;
    u.w = 0x11223344u;
    assert(u.b[0] == 0x11 && u.b[3] == 0x44);
    u.b[3] = 0;
    assert(u.w == 0x11223300u);
    uint16_t h = 0xABCD;
    uint8_t *p = (uint8_t *)&h;
    assert(p[0] == 0xAB);
    return 0;
}
