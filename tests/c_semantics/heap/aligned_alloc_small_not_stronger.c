// expect: UNKNOWN
// cc: skip the address glibc returns decides the branch (not deterministic); schedmc fixes object addresses, so an address's value as an integer is not decided (frontend::lower::observe) until addresses are symbolic (the C answer: FAILED)
// A small alignment held in a variable gives no more than malloc's guarantee: the block need
// not be 64-aligned (glibc's aligned_alloc(1, n) is malloc(n), 16-aligned).
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
    size_t align = 1;
    void *r = aligned_alloc(align, 128);
    if (r == 0) return 0;
    assert(!((uintptr_t)r & 63));
    free(r);
    return 0;
}
