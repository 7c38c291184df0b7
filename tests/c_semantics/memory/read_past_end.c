// expect: UNKNOWN
// cc: skip undefined behaviour: a 4-byte read that starts in the last byte of a 2-byte object
// A read running past the end of its object has no defined value: the verdict is UNKNOWN.
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint16_t h = 1;
    uint8_t *p = (uint8_t *)&h;
    uint32_t w = *(uint32_t *)(p + 1);
    assert(w != 12345);
    return 0;
}
