// expect: SUCCESSFUL
// By default malloc succeeds (SV-COMP's convention).
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(sizeof(int));
    assert(p != NULL);
    *p = 1;
    assert(*p == 1);
    free(p);
    return 0;
}
