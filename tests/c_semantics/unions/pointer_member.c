// expect: FAILED
// A union of a pointer and its address bits: writing through the pointer member changes x.
#include <assert.h>
#include <stdint.h>

union p {
    int *ptr;
    uintptr_t bits;
    uint8_t b[sizeof(int *)];
};

int main(void) {
    int x = 1;
    union p u;
    u.ptr = &x;
    u.b[0] = u.b[0];
    *u.ptr = 2;
    assert(x == 1);
    return 0;
}
