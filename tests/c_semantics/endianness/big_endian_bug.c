// expect: FAILED
// target: ppc32
// cc: skip big-endian target
// The little-endian expectation is wrong on a big-endian target.
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint32_t w = 0x11223344u;
    uint8_t *p = (uint8_t *)&w;
    assert(p[0] == 0x44);
    return 0;
}
