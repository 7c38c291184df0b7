// expect: FAILED
// `i >= 0 && i < 4 && a[i] != 0`: the read is evaluated only in bounds.
#include <assert.h>
int a[4];
int main(void) {
    int hits = 0;
    for (int i = -1; i <= 4; i++)
        if (i >= 0 && i < 4 && a[i] == 0)
            hits++;
    assert(hits == 5);
    return 0;
}
