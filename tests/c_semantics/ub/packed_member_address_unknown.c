// expect: UNKNOWN
// cc: skip a misaligned access is undefined behaviour (C11 6.3.2.3p7); x86 tolerates it
// The address of a packed member taken as a plain `uint32_t *` (GCC warns,
// -Waddress-of-packed-member): the read through it no longer knows the struct is packed, and
// the member at offset 1 is misaligned.
#include <assert.h>
#include <stdint.h>
union word {
    uint32_t w;
    uint8_t b[4];
};
struct __attribute__((packed)) frame {
    uint8_t tag;
    union word crc;
};
struct frame f = {1, {0x11223344u}};
int main(void) {
    uint32_t *q = &f.crc.w;
    assert(*q == 0x11223344u && f.crc.b[0] == 0x44);
    return 0;
}
