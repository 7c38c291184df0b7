// expect: FAILED
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint8_t a = 250;
    a += 10;                    /* computed in int, stored modulo 256: 4 */
    assert(a == 260);
    return 0;
}
