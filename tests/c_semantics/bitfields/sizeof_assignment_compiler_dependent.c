// expect: UNKNOWN
// cc: skip GCC and Clang disagree
// `sizeof(f.mode += 1)` for `unsigned mode : 3` is 1 under GCC (the field's width rounded up),
// 4 under Clang (the declared type): the verdict depends on the compiler.
#include <assert.h>
struct flags { unsigned int mode : 3; };
int main(void) {
    struct flags f = {0};
    assert(sizeof(f.mode += 1) == sizeof(unsigned int));
    return 0;
}
