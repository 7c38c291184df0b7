// expect: SUCCESSFUL
#include <assert.h>

struct flags {
    unsigned int mode : 3;
    _Bool on : 1;
    signed int level : 2;
    unsigned long long big : 40;
};

int main(void) {
    struct flags f = {0};
    /* an assignment has the type of its left operand (where GCC, which sizes a bit-field's
       type by its width, and Clang, which takes the declared type, agree); the value
       promotes when used */
    assert(sizeof(f.on = 1) == 1);
    assert(sizeof(f.big = 1) == 8);
    assert(sizeof(f.mode + 0) == sizeof(int));
    f.mode = 9;                 /* 9 mod 8 */
    assert(f.mode == 1);
    f.level = 1;
    f.level += 1;               /* 2 does not fit a signed 2-bit field: GCC wraps to -2 */
    assert(f.level == -2);
    f.on = 2;                   /* a _Bool bit-field holds 1 */
    assert(f.on == 1);
    return 0;
}
