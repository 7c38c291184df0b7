// expect: FAILED
// Pointer comparisons and differences within one object, equality with an object's address,
// NULL tests and a round trip through uintptr_t do not depend on the layout: they stay exact.
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
int a[8];
int x, y;
int main(void) {
    int i = 2, j = 5;
    int *p = &a[i], *q = &a[j];
    assert(p < q && q - p == 3 && &a[j] >= &a[i]);
    int *r = &x;
    assert(r == &x && r != &y && r != NULL);
    assert((uintptr_t)r == (uintptr_t)&x);
    int *back = (int *)(uintptr_t)r;
    *back = 7;
    assert(x == 8);
    return 0;
}
