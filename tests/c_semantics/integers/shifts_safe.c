// expect: SUCCESSFUL
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint8_t b = 0x81;
    assert((b << 1) == 0x102);          /* promoted to int before the shift */
    assert((uint8_t)(b << 1) == 0x02);
    int8_t s = -128;
    assert((s >> 1) == -64);            /* arithmetic shift of a negative int (GCC) */
    uint32_t u = 0x80000000u;
    assert((u >> 31) == 1u);
    uint64_t w = 1;
    assert((w << 40) == 0x10000000000ull);
    assert((1u << 31) == 2147483648u);
    long long ll = -1;
    assert((unsigned long long)ll >> 63 == 1ull);
    return 0;
}
