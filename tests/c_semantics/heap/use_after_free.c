// expect: UNKNOWN
// cc: skip undefined behaviour (read after free)
// Reading a freed block is undefined: no verdict.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(sizeof(int));
    *p = 1;
    free(p);
    assert(*p == 1);
    return 0;
}
