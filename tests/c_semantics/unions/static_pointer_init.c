// expect: FAILED
// A global union initialised with an address and read through its bytes and its pointer.
#include <assert.h>
#include <stdint.h>

int target = 3;

union p {
    int *ptr;
    uint8_t b[sizeof(int *)];
} g = {&target};

int main(void) {
    uint8_t lo = g.b[0];
    (void)lo;
    *g.ptr = 4;
    assert(target == 3);
    return 0;
}
