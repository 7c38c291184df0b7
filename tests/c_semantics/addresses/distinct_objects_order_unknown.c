// expect: UNKNOWN
// cc: skip ordering pointers into different objects is undefined behaviour (C11 6.5.8p5)
#include <assert.h>
int x, y;
int main(void) {
    int *p = &x, *q = &y;
    assert(p < q);
    return 0;
}
