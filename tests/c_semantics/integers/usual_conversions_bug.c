// expect: FAILED
#include <assert.h>

int main(void) {
    long l = -1;
    unsigned int u = 1;
    /* on LP64, unsigned int converts to long: -1 < 1 holds */
    assert(l < u);
    unsigned long ul = 1;
    /* but against unsigned long, -1 becomes ULONG_MAX */
    assert(l < ul);
    return 0;
}
