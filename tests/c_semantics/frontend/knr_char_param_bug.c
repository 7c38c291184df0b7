// expect: FAILED
#include <assert.h>

int low(c)
    unsigned char c;
{
    return c;
}

int main(void) {
    /* 300 converts to unsigned char 44 */
    assert(low(300) == 300);
    return 0;
}
