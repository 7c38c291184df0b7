// expect: FAILED
// A struct of two halves inside a union: the wrong half is checked.
#include <assert.h>
#include <stdint.h>

union pair {
    struct {
        uint16_t lo;
        uint16_t hi;
    } p;
    uint32_t all;
};

int main(void) {
    union pair x;
    x.all = 0;
    x.p.hi = 7;
    assert(x.all == 7);
    return 0;
}
