// expect: UNKNOWN
// cc: skip reads an uninitialised `_Bool`
// A read of an uninitialised `_Bool` that may hold another byte than 0 or 1 is UNKNOWN (see
// bool_uninitialized_any_byte.c), even where any byte would satisfy the program: the branches agree
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
