// expect: FAILED
// cc: skip nondeterministic input
#include <assert.h>
#include <stdarg.h>
extern int __VERIFIER_nondet_int(void);
static int max(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int m = va_arg(ap, int);
    for (int i = 1; i < n; i++) {
        int v = va_arg(ap, int);
        if (v > m)
            m = v;
    }
    va_end(ap);
    return m;
}
int main(void)
{
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    int m = max(2, a, b);
    assert(m >= a && m >= b);
    assert(m != 100);
    return 0;
}
