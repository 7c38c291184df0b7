// expect: SUCCESSFUL
#include <assert.h>
#include <stdint.h>

int main(void) {
    int32_t big = 0x12345678;
    assert((int16_t)big == 0x5678);
    assert((int8_t)big == 0x78);
    assert((uint16_t)-1 == 65535);
    assert((int16_t)0x8000 == -32768);     /* GCC: modulo 2^16 */
    int64_t x = 0x1FFFFFFFFll;
    assert((uint32_t)x == 0xFFFFFFFFu);
    assert((int32_t)(uint32_t)x == -1);
    return 0;
}
