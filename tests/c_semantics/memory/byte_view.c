// expect: SUCCESSFUL
// A `uint8_t *` view of a larger object: reads and writes of single bytes.
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint32_t x = 0x01020304u;
    uint8_t *p = (uint8_t *)&x;
    assert(p[0] == 4 && p[3] == 1);
    p[3] = 0xFF;
    assert(x == 0xFF020304u);
    uint16_t *h = (uint16_t *)&x;
    h[0] = 0xBEEF;
    assert(x == 0xFF02BEEFu);
    return 0;
}
