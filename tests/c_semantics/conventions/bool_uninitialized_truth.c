// expect: SUCCESSFUL
// cc: skip reads an uninitialised `_Bool`
// Whatever byte an uninitialised `_Bool` holds, it is either zero or not: the branches agree
// with `!`, and the value after a conversion to `_Bool` is 0 or 1.
#include <assert.h>
int main(void) {
    _Bool b;
    int t = b ? 1 : 0;
    assert(t == !!b);
    _Bool c = b;
    assert(c == 0 || c == 1);
    return 0;
}
