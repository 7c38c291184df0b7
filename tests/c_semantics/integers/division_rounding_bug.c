// expect: FAILED
#include <assert.h>

int main(void) {
    int a = -7, b = 2;
    /* C truncates toward zero: -7 / 2 == -3, -7 % 2 == -1 */
    assert(a / b == -4);
    return 0;
}
