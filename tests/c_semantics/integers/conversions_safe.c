// expect: SUCCESSFUL
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint8_t a = 200, b = 100;
    int s = a + b; /* promoted to int */
    assert(s == 300);
    uint8_t t = (uint8_t)(a + b);
    assert(t == 44);
    int8_t n = (int8_t)0xF0;
    assert(n == -16);
    uint32_t u = (uint32_t)-1;
    assert(u == 4294967295u);
    assert((unsigned)(-7) / 2u == 2147483644u);
    assert(-7 / 2 == -3 && -7 % 2 == -1);
    assert((int16_t)(uint16_t)40000 == -25536);
    assert((uint32_t)1 << 31 == 2147483648u);
    assert((-8 >> 1) == -4);
    return 0;
}
