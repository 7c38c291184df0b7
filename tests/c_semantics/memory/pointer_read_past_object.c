// expect: UNKNOWN
// cc: skip undefined behaviour: p[4] reads past the end of a[4] (natively it reads b[0])
// A loop through a pointer runs one element past its array. The read has no defined value:
// neither a proof built on the array's last cell nor a counterexample built on the next
// object's first one, but UNKNOWN naming the out-of-bounds dereference.
#include <assert.h>
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
    int *p = a;
    int s = 0;
    for (int k = 0; k <= 4; k++)
        s += p[k];
    assert(s == 10 + 4);
    return 0;
}
