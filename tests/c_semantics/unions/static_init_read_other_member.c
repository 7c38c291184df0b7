// expect: SUCCESSFUL
// A union of static storage initialised through one member and read through another: the
// other members see the same bytes (a same-size member the same value, converted; a
// differently shaped one the initialiser's bytes, little-endian). Was a wrong FAILED: the
// other members' cells started at zero.
#include <assert.h>
#include <stdint.h>
union word {
    uint32_t w;
    uint8_t b[4];
};
union sign {
    int32_t s;
    uint32_t u;
};
struct frame {
    uint8_t tag;
    union word crc;
} f = {1, {0x11223344u}};
union word u = {0x0a0b0c0du};
union sign m = {-1};
int main(void) {
    assert(u.w == 0x0a0b0c0du && u.b[0] == 0x0d && u.b[3] == 0x0a);
    assert(f.crc.b[0] == 0x44 && f.crc.b[1] == 0x33);
    assert(m.u == 0xffffffffu);
    return 0;
}
