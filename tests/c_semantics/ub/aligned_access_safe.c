// expect: SUCCESSFUL
// An `unsigned int` read at a multiple of 4 inside a 4-aligned byte array is defined.
#include <assert.h>
#include <stdint.h>
int main(void) {
    _Alignas(4) unsigned char bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint32_t *p = (uint32_t *)&bytes[4];
    uint32_t v = *p;
    assert(v == (5u | 6u << 8 | 7u << 16 | 8u << 24));
    return 0;
}
