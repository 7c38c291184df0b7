// expect: SUCCESSFUL
// `__builtin_constant_p` is 1 for an integer constant expression and 0 for a variable (GCC at
// -O0); its argument is not evaluated.
#include <assert.h>
int main(void) {
    int x = 3;
    assert(__builtin_constant_p(42));
    assert(__builtin_constant_p(sizeof(int) * 2 + 1));
    assert(!__builtin_constant_p(x));
    assert(!__builtin_constant_p(x++) && x == 3);
    return 0;
}
