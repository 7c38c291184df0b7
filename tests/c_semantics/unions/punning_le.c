// expect: SUCCESSFUL
// A union written through a word and read through its bytes (little-endian target).
#include <assert.h>
#include <stdint.h>

union word {
    uint32_t w;
    uint16_t h[2];
    uint8_t b[4];
};

int main(void) {
    union word u;
    u.w = 0x11223344u;
    assert(u.b[0] == 0x44 && u.b[1] == 0x33 && u.b[2] == 0x22 && u.b[3] == 0x11);
    assert(u.h[0] == 0x3344 && u.h[1] == 0x1122);
    u.b[1] = 0xAB;
    assert(u.w == 0x1122AB44u);
    u.h[1] = 0xFFFF;
    assert(u.w == 0xFFFFAB44u);
    return 0;
}
