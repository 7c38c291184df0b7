// expect: FAILED
// A union of static storage initialised through one member and read through another: the
// low byte of 0x11223344 on a little-endian target is 0x44, not 0x11.
#include <assert.h>
#include <stdint.h>
union word {
    uint32_t w;
    uint8_t b[4];
};
struct frame {
    uint8_t tag;
    union word crc;
} f = {1, {0x11223344u}};
int main(void) {
    assert(f.crc.b[0] == 0x11);
    return 0;
}
