// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) {
    unsigned char buf[6] = {1, 2, 200, 0, 200, 9};
    assert(memchr(buf, 200, 6) == buf + 2);
    assert(memchr(buf, 0, 6) == buf + 3);
    assert(memchr(buf, 9, 5) == NULL);
    assert(memchr(buf, 200 + 256, 6) == buf + 2);
    return 0;
}
