// expect: SUCCESSFUL
// memset/memcpy/memcmp/memmove whose length is a variable: lowered as loops over the bytes.
#include <assert.h>
#include <stdint.h>
#include <string.h>

int main(void) {
    uint16_t a[4] = {1, 2, 3, 4};
    uint16_t b[4] = {0, 0, 0, 0};
    int n = 3;
    memcpy(b, a, n * sizeof(uint16_t));
    assert(b[0] == 1 && b[2] == 3 && b[3] == 0);
    assert(memcmp(a, b, n * sizeof(uint16_t)) == 0);
    assert(memcmp(a, b, (n + 1) * sizeof(uint16_t)) > 0);
    memset(a, 0x01, n);
    assert(a[0] == 0x0101 && a[1] == 0x0001);
    memmove(&b[1], &b[0], n * sizeof(uint16_t));
    assert(b[1] == 1 && b[2] == 2 && b[3] == 3);
    return 0;
}
