// expect: SUCCESSFUL
// cc: skip MSVC intrinsic
// MSVC's `__noop(...)`: the arguments are not evaluated, the value is 0.
#include <assert.h>
int calls;
int f(void) {
    calls++;
    assert(0);
    return 1;
}
int main(void) {
    __noop(f());
    int r = __noop(f(), calls++);
    assert(r == 0 && calls == 0);
    return 0;
}
