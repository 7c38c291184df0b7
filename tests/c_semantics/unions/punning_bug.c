// expect: FAILED
// Reading the first byte of a word as if the target were big-endian.
#include <assert.h>
#include <stdint.h>

union word {
    uint32_t w;
    uint8_t b[4];
};

int main(void) {
    union word u;
    u.w = 0x11223344u;
    assert(u.b[0] == 0x11);
    return 0;
}
