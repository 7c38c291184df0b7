// expect: SUCCESSFUL
// cc: skip CBMC type
// CBMC's `__CPROVER_bool` is a true Boolean: uninitialised, it is 0 or 1.
#include <assert.h>
int main(void) {
    __CPROVER_bool c;
    int v = c;
    assert(v == 0 || v == 1);
    return 0;
}
