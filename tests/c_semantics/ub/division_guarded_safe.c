// expect: SUCCESSFUL
// A division only evaluated where its divisor is not zero (`&&`, `||`, `?:` short-circuit)
// is defined: the guard against division by zero holds only where C evaluates it.
#include <assert.h>
#include <limits.h>
int main(void) {
    int a = INT_MIN, b = 0, n = 0;
    if (b != 0 && a / b > 1)
        n = 1;
    if (b == 0 || a % b == 1)
        n += 2;
    int c = b ? a / b : -1;
    int m = -1;
    int d = (m != -1 || a != INT_MIN) ? a / m : 0;
    assert(n == 2 && c == -1 && d == 0);
    return 0;
}
