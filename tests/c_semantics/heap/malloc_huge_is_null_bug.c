// expect: FAILED
// A request above PTRDIFF_MAX fails (glibc), so the assertion that it succeeded fails.
#include <assert.h>
#include <stdlib.h>
int main(void) {
    void *a = malloc((size_t)-4);
    assert(a != NULL);
    return 0;
}
