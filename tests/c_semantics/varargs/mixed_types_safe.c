// expect: SUCCESSFUL
// float promoted to double, long long, a pointer, unsigned read as unsigned; a va_list
// handed to another function and va_copy.
#include <assert.h>
#include <stdarg.h>
static double vtotal(const char *fmt, va_list ap)
{
    double t = 0;
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'd': t += va_arg(ap, double); break;
        case 'L': t += (double)va_arg(ap, long long); break;
        case 'u': t += va_arg(ap, unsigned); break;
        case 'p': t += *va_arg(ap, int *); break;
        }
    }
    return t;
}
static double total(const char *fmt, ...)
{
    va_list ap, aq;
    va_start(ap, fmt);
    va_copy(aq, ap);
    double a = vtotal(fmt, ap);
    double b = vtotal(fmt, aq);
    va_end(aq);
    va_end(ap);
    assert(a == b);
    return a;
}
int main(void)
{
    float f = 1.5f;
    int x = 7;
    assert(total("dLup", f, 10000000000LL, 3u, &x) == 10000000011.5);
    assert(total("") == 0);
    return 0;
}
