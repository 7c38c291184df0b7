// expect: UNKNOWN
// cc: skip schedmc fixes object addresses, so an address's value as an integer is not decided (frontend::lower::observe) until addresses are symbolic (the C answer, checked with gcc: SUCCESSFUL)
// `aligned_alloc(alignment, size)`: a block at a multiple of the alignment, usable like malloc's.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
typedef struct { _Alignas(16) uint64_t x; } a16;
int main(void) {
    a16 *r = aligned_alloc(16, 32);
    assert(r);
    assert(((uintptr_t)r % 16) == 0);
    r[0].x = 0;
    r[1].x = 1;
    assert(r[0].x + r[1].x == 1);
    free(r);
    char *p = aligned_alloc(256, 512);
    assert(p && ((uintptr_t)p % 256) == 0);
    p[511] = 7;
    assert(p[511] == 7);
    free(p);
    return 0;
}
