// expect: SUCCESSFUL
// A `_Bool` declared without an initialiser is 0 or 1 once written.
#include <assert.h>
int main(void) {
    _Bool b, c;
    b = 7;
    assert(b == 1);
    c = 0;
    c++;
    assert(c == 1);
    int n = 0;
    for (int i = 0; i < 3; i++) {
        _Bool d;
        d = i;
        n += d;
    }
    assert(n == 2);
    _Bool *p = &b;
    *p = 0;
    assert(b == 0);
    return 0;
}
