// expect: FAILED
// Members of a packed struct read and written through a pointer to the struct (defined at
// any address, GCC): the byte write changed the union's word.
#include <assert.h>
#include <stdint.h>
union word {
    uint32_t w;
    uint8_t b[4];
};
struct __attribute__((packed)) frame {
    uint8_t tag;
    int32_t len;
    union word crc;
};
int main(void) {
    struct frame f;
    struct frame *p = &f;
    p->tag = 1;
    p->len = -3;
    p->crc.w = 0x11223344u;
    assert(p->crc.b[0] == 0x44 && p->crc.b[3] == 0x11);
    p->crc.b[1] = 0;
    assert(p->len == -3 && p->crc.w == 0x11223344u);
    return 0;
}
