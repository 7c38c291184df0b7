// expect: SUCCESSFUL
// <stdarg.h>'s macros walk a variadic function's arguments (was unsupported where va_start is)
#include <stdarg.h>
#include <assert.h>
static int sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int t = 0;
    for (int i = 0; i < n; i++)
        t += va_arg(ap, int);
    va_end(ap);
    return t;
}
int main(void) {
    assert(sum(3, 1, 2, 3) == 6);
    return 0;
}
