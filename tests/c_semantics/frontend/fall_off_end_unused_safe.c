// expect: SUCCESSFUL
// A non-void function that may end without `return`; its value is used only when it returned.
#include <assert.h>
int pick(int x)
{
    if (x > 0)
        return x * 2;
}
int main(void)
{
    pick(0);
    int r = pick(3);
    assert(r == 6);
    return 0;
}
