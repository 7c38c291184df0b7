// expect: FAILED
// The new block holds what was written to it, 5.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(sizeof(int));
    *p = 1;
    free(p);
    free(NULL);
    int *q = malloc(sizeof(int));
    *q = 5;
    assert(*q == 1);
    free(q);
    return 0;
}
