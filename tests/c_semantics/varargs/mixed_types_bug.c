// expect: FAILED
#include <assert.h>
#include <stdarg.h>
static long long pick(int k, ...)
{
    va_list ap;
    va_start(ap, k);
    long long r = 0;
    while (k-- >= 0)
        r = va_arg(ap, long long);
    va_end(ap);
    return r;
}
int main(void)
{
    assert(pick(0, 5LL, 6LL) == 5);
    assert(pick(1, 5LL, 6LL) == 5);
    return 0;
}
