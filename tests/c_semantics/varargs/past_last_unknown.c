// expect: UNKNOWN
// cc: skip reading past the last variable argument is undefined behaviour
#include <stdarg.h>
static int second(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int a = va_arg(ap, int);
    int b = va_arg(ap, int);
    va_end(ap);
    return a + b;
}
int main(void)
{
    return second(1, 4) == 4;
}
