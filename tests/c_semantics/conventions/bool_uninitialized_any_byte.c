// expect: FAILED
// cc: skip reads an uninitialised `_Bool`
// An automatic `_Bool` without an initialiser holds an arbitrary byte until written (as in
// CBMC, and GCC at -O0): it is not guaranteed to be 0 or 1.
#include <assert.h>
int main(void) {
    _Bool b;
    int v = b;
    assert(v == 0 || v == 1);
    return 0;
}
