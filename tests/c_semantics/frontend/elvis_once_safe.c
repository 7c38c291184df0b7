// expect: SUCCESSFUL
#include <assert.h>

static int calls;
static int next(void) { return ++calls; }

int main(void) {
    int zero = 0, five = 5;
    assert((zero ?: 7) == 7);
    assert((five ?: 7) == 5);
    int r = next() ?: 100; /* next() runs once */
    assert(r == 1 && calls == 1);
    unsigned char small = 0;
    assert((small ?: -1) == -1);
    return 0;
}
