// expect: FAILED
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
    assert(sum(3, 1, 2, 4) == 6);
    return 0;
}
