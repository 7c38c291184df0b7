// expect: FAILED
// A wide string's elements are wide: `L"ab"` is 3 wchar_t, not 3 bytes.
#include <assert.h>
#include <stddef.h>
int main(void) {
    assert(sizeof(L"ab") == 3);
    return 0;
}
