// expect: FAILED
#include <assert.h>

static int calls;
static int next(void) { return ++calls; }

int main(void) {
    int r = next() ?: 100;
    assert(calls == 2); /* evaluated only once: calls is 1 */
    return r;
}
