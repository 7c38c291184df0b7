// expect: SUCCESSFUL
// The value of an assignment expression is the value stored, converted to the left operand's
// type (a bit-field's width, a narrower integer, `_Bool`).
#include <assert.h>
struct s { unsigned int u : 3; int v : 4; };
int main(void) {
    struct s r = {0, 0};
    unsigned char c = 0;
    signed char sc = 127;
    _Bool b = 0;
    int y;
    y = (r.u = 9);
    assert(y == 1);
    y = (r.u += 7);
    assert(y == 0);
    y = ++r.u;
    assert(y == 1 && r.u == 1);
    y = r.u--;
    assert(y == 1 && r.u == 0);
    y = --r.u;
    assert(y == 7);
    y = (r.v = 9);              /* GCC: 9 does not fit a signed 4-bit field: -7 */
    assert(y == -7);
    y = (c = 300);
    assert(y == 44);
    y = (c -= 45);
    assert(y == 255);
    y = ++sc;                   /* GCC wraps: -128 */
    assert(y == -128);
    y = (b = 5);
    assert(y == 1);
    y = (b += 1);
    assert(y == 1);
    unsigned char *p = &c;
    y = (*p = 511);
    assert(y == 255 && c == 255);
    y = (*p += 2);
    assert(y == 1);
    int z;
    y = (z = (c = 258));
    assert(y == 2 && z == 2);
    return 0;
}
