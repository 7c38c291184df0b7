// expect: SUCCESSFUL
// Bit-fields of a plain struct seen through a byte pointer, and a struct copy afterwards.
#include <assert.h>
#include <stdint.h>

struct flags {
    unsigned lo : 4;
    unsigned hi : 4;
    unsigned mid : 9;
    _Bool on : 1;
};

int main(void) {
    struct flags f = {0};
    f.lo = 0xA;
    f.hi = 0x5;
    f.mid = 0x1FF;
    f.on = 1;
    uint8_t *p = (uint8_t *)&f;
    assert(p[0] == 0x5A);
    assert(p[1] == 0xFF && p[2] == 0x03);
    p[1] = 0;
    assert(f.mid == 0x100 && f.on == 1);
    struct flags g = f;
    assert(g.lo == 0xA && g.mid == 0x100);
    return 0;
}
