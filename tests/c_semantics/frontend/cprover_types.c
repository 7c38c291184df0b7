// expect: FAILED
// cc: skip CBMC's built-in type names are not C
#include <assert.h>

__CPROVER_size_t n = 3;
int main(void) {
    __CPROVER_bool b = n;
    assert(sizeof(n) == sizeof(unsigned long));
    assert(b == 1);
    b = 0;
    assert(b);
    return 0;
}
