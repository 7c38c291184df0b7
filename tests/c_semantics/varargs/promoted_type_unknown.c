// expect: UNKNOWN
// cc: skip va_arg(ap, char) is undefined: a char argument arrives as an int
#include <stdarg.h>
static int first(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    char c = va_arg(ap, char);
    va_end(ap);
    return c;
}
int main(void)
{
    return first(1, 'a') == 'a';
}
