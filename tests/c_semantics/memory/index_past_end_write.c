// expect: UNKNOWN
// cc: skip undefined behaviour (write past the end of an array)
// p[i] with p == a and i == 3 on int a[3] is outside the array: not a dropped write, not a
// write to a[0] or to a neighbour, but undefined behaviour (UNKNOWN when reached).
#include <assert.h>
int a[3];
int b[3];
int main(void) {
    int *p = a;
    int i = 3;
    p[i] = 7;
    assert(b[0] == 0);
    assert(p[i] != 7);
    return 0;
}
