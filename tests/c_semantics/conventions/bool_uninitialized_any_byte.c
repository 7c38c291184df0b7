// expect: UNKNOWN
// cc: skip reads an uninitialised `_Bool`
// An automatic `_Bool` without an initialiser may hold any byte until written (CBMC; GCC at
// -O0 reads the byte): `b == 0 || b == 1` may fail there, yet `c = b` copies the byte whole, so
// the value cannot be modelled as a `_Bool`: UNKNOWN with the reason, never SUCCESSFUL.
#include <assert.h>
int main(void) {
    _Bool b;
    int v = b;
    assert(v == 0 || v == 1);
    return 0;
}
