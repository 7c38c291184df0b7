// expect: SUCCESSFUL
// Variable arguments read with the types they were passed with, after the promotions.
#include <assert.h>
#include <stdarg.h>
static int sum(int n, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}
int main(void)
{
    char c = 'a';
    short h = -3;
    assert(sum(0) == 0);
    assert(sum(3, 1, 2, 3) == 6);
    assert(sum(2, c, h) == 'a' - 3);
    return 0;
}
