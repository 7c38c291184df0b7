// expect: FAILED
// cc: skip MSVC intrinsic
// `__noop(...)` is 0.
#include <assert.h>
int main(void) {
    int r = __noop(1);
    assert(r == 1);
    return 0;
}
