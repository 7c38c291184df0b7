// expect: SUCCESSFUL
#include <assert.h>

extern int limit;
int limit = 12;
extern int zeroed;
int zeroed;

int main(void) {
    assert(limit == 12);
    assert(zeroed == 0);
    return 0;
}
