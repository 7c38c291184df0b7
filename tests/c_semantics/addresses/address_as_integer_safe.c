// expect: SUCCESSFUL
// An object's address as an integer (frontend::lower::bases): non-null, a multiple of the
// object's alignment, its offsets added to it, and distinct objects do not overlap.
#include <assert.h>
#include <stdint.h>
int a[4];
long g;
short s;
volatile uint32_t DMA_SRC;
int main(void) {
    DMA_SRC = (uint32_t)(uintptr_t)&a;
    uintptr_t ua = (uintptr_t)&a[0], ug = (uintptr_t)&g, us = (uintptr_t)&s;
    assert(ua != 0 && ug != 0 && us != 0);
    assert(ua % _Alignof(int) == 0 && ug % _Alignof(long) == 0 && us % _Alignof(short) == 0);
    assert((uintptr_t)&a[3] - ua == 3 * sizeof(int));
    assert(ua + sizeof a <= ug || ug + sizeof g <= ua);
    assert(ug + sizeof g <= us || us + sizeof s <= ug);
    assert(((uintptr_t)&a[1] & (_Alignof(int) - 1)) == 0);
    return 0;
}
