// expect: FAILED
// cc: skip `limit` is defined in another translation unit: its value is unknown here
#include <assert.h>

extern int limit;
extern int unused_elsewhere;

int main(void) {
    assert(limit == 0);
    return 0;
}
