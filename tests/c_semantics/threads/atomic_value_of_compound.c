// expect: SUCCESSFUL
#include <assert.h>
#include <stdatomic.h>
_Atomic unsigned char c = 250;
atomic_int i;
int main(void) {
    assert((c += 10) == 4);
    assert(c++ == 4 && c == 5);
    assert(++i == 1 && i-- == 1 && i == 0);
    assert((i |= 6) == 6);
    return 0;
}
