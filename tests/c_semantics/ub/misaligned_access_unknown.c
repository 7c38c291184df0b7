// expect: UNKNOWN
// cc: skip a misaligned access is undefined behaviour (C11 6.3.2.3p7); x86 tolerates it
// ESBMC's cast_02: `unsigned int` read at an odd offset of a byte array.
#include <stdint.h>
#include <string.h>
int main(void) {
    _Alignas(4) unsigned char bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint32_t *p = (uint32_t *)&bytes[1];
    return *p == 0;
}
