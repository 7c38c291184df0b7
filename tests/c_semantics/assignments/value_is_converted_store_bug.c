// expect: FAILED
// `(c = 300)` with `unsigned char c` is 44, not 300.
#include <assert.h>
int main(void) {
    unsigned char c;
    int y = (c = 300);
    assert(y == 300);
    return 0;
}
