// expect: SUCCESSFUL
// A block freed and a new one allocated: the new one is usable; free(NULL) does nothing.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(sizeof(int));
    *p = 1;
    free(p);
    free(NULL);
    int *q = malloc(sizeof(int));
    *q = 5;
    assert(*q == 5);
    free(q);
    return 0;
}
