// expect: SUCCESSFUL
// A scalar compound literal with a constant initialiser is a constant in a static initialiser
// (GNU), and a static local is initialised once.
#include <assert.h>
static int f(void) {
    static int x = (int){42};
    return x++;
}
int main(void) {
    assert(f() == 42);
    assert(f() == 43);
    return 0;
}
