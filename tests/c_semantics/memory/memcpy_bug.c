// expect: FAILED
// memcpy copies only the first two bytes of the source.
#include <assert.h>
#include <stdint.h>
#include <string.h>

int main(void) {
    uint32_t src = 0xAABBCCDDu, dst = 0;
    memcpy(&dst, &src, 2);
    assert(dst == 0xAABBCCDDu);
    return 0;
}
