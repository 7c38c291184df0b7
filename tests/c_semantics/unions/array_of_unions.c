// expect: FAILED
// An array of unions indexed by a variable: the byte written lands in element 2, not 1.
#include <assert.h>
#include <stdint.h>

union reg {
    uint32_t w;
    uint8_t b[4];
};

int main(void) {
    union reg r[3];
    for (int i = 0; i < 3; i++)
        r[i].w = 0;
    int k = 2;
    r[k].b[3] = 0x80;
    assert(r[2].w == 0x80000000u);
    assert(r[1].w == 0x80000000u);
    return 0;
}
