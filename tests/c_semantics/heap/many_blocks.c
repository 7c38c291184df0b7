// expect: UNKNOWN
// cc: skip beyond the number of blocks modelled per allocation site
// Twenty blocks from one site, the first read back: beyond the modelled instances.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *last = NULL;
    for (int i = 0; i < 20; i++) {
        int *p = malloc(sizeof(int));
        *p = i;
        last = p;
    }
    assert(*last == 19);
    return 0;
}
