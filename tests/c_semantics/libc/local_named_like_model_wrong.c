// expect: FAILED
#include <assert.h>
int main(void)
{
    int div = 7 / 2;
    long abs = -div;
    assert(div == 3 && abs == 3);
    return 0;
}
