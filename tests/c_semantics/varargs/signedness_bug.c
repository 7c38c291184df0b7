// expect: FAILED
// An int argument read as unsigned (C11 7.16.1.1p2 allows it for values both types hold), a
// char* read as void*, a negative char promoted to int.
#include <assert.h>
#include <stdarg.h>
static unsigned u(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    unsigned r = va_arg(ap, unsigned);
    void *p = va_arg(ap, void *);
    int c = va_arg(ap, int);
    va_end(ap);
    assert(p != 0);
    return r + (unsigned)c;
}
int main(void)
{
    signed char m = -2;
    assert(u(3, 40, "s", m) == 42u);
    return 0;
}
