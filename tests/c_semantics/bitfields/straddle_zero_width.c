// expect: SUCCESSFUL
// GCC layout: a field that would straddle its declared-type unit starts the next unit;
// `:0` closes the unit; a char-typed field packs after a short field.
#include <assert.h>
#include <stdint.h>
#include <string.h>

struct s1 {
    uint32_t a : 30;
    uint32_t b : 4; /* straddles: starts at bit 32 */
};
struct s2 {
    unsigned a : 3;
    unsigned : 0;
    unsigned b : 3; /* bit 32 */
};
struct s3 {
    uint8_t a : 4;
    uint16_t b : 10; /* bits 4..13 */
    uint8_t c : 3;   /* bits 16..18 */
};

int main(void) {
    assert(sizeof(struct s1) == 8 && sizeof(struct s2) == 8 && sizeof(struct s3) == 4);
    union { struct s1 s; uint64_t raw; } u1;
    u1.raw = 0;
    u1.s.b = 0xF;
    assert(u1.raw == 0xF00000000ull);
    union { struct s2 s; uint64_t raw; } u2;
    u2.raw = 0;
    u2.s.b = 5;
    u2.s.a = 1;
    assert(u2.raw == 0x500000001ull);
    union { struct s3 s; uint32_t raw; } u3;
    u3.raw = 0;
    u3.s.b = 0x3FF;
    u3.s.c = 5;
    assert(u3.raw == ((0x3FFu << 4) | (5u << 16)));
    return 0;
}
