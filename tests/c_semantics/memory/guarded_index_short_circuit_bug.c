// expect: FAILED
#include <assert.h>
int main(void)
{
    int a[4] = {1, 2, 3, 40};
    volatile unsigned x = 3;
    int hits = 0;
    if (x < 4 && a[x] > 10)
        hits++;
    assert(hits == 0);
    return 0;
}
