// expect: SUCCESSFUL
// calloc'd blocks are zero, also when allocated in a loop.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    long *blocks[3];
    for (int i = 0; i < 3; i++) {
        blocks[i] = calloc(4, sizeof(long));
        blocks[i][i] = i + 1;
    }
    assert(blocks[2][0] == 0 && blocks[2][1] == 0 && blocks[2][3] == 0);
    assert(blocks[1][1] == 2 && blocks[0][1] == 0);
    for (int i = 0; i < 3; i++)
        free(blocks[i]);
    return 0;
}
