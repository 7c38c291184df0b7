// expect: UNKNOWN
// cc: skip whether a fixed address coincides with an object's is up to the layout
// ESBMC's github_1620.
#include <assert.h>
static const char *lit = "";
int main(void) {
    const char *fixed = (const char *)0x55a8a2e6b007;
    assert(fixed != lit);
    return 0;
}
