// expect: SUCCESSFUL
// A request above PTRDIFF_MAX fails (glibc): malloc(-1) and a symbolic huge size are NULL.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
    void *a = malloc(-1);
    assert(a == NULL);
    volatile size_t n = (size_t)PTRDIFF_MAX + 8;
    void *b = malloc(n);
    assert(b == NULL);
    return 0;
}
