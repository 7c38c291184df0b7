// expect: UNKNOWN
// cc: skip __builtin_clz(0) is undefined
// __builtin_clz(0) is undefined: its value is not claimed to break a property.
#include <assert.h>
int main(void) {
    unsigned x = 0;
    assert(__builtin_clz(x) == 32);
    return 0;
}
