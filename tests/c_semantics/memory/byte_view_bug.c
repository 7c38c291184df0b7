// expect: FAILED
// Writing the low byte changes the value: the check expects otherwise.
#include <assert.h>
#include <stdint.h>

int main(void) {
    uint32_t x = 0x01020304u;
    unsigned char *p = (unsigned char *)&x;
    p[0] = 0;
    assert(x == 0x01020304u);
    return 0;
}
