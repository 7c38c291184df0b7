// expect: UNKNOWN
// cc: skip reading an int argument as a double is undefined behaviour
#include <stdarg.h>
static double first(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double d = va_arg(ap, double);
    va_end(ap);
    return d;
}
int main(void)
{
    return first(1, 4) > 0;
}
