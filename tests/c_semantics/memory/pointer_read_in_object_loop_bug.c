// expect: FAILED
// The in-bounds loop of pointer_read_in_object_loop.c with a wrong expected sum: a genuine
// counterexample (every read lies in its object).
#include <assert.h>
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
    int *p = a;
    int s = 0;
    for (int k = 0; k < 4; k++)
        s += p[k];
    int *q = b + 3;
    for (int k = 0; k < 4; k++)
        s += *(q - k);
    assert(s == 35);
    return 0;
}
