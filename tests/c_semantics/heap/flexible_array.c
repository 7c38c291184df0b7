// expect: SUCCESSFUL
// A struct with a flexible array member allocated with room for four elements.
#include <assert.h>
#include <stdlib.h>

struct buf {
    int len;
    int data[];
};

int main(void) {
    struct buf *b = malloc(sizeof(struct buf) + 4 * sizeof(int));
    b->len = 4;
    for (int i = 0; i < b->len; i++)
        b->data[i] = i * i;
    assert(b->data[3] == 9 && b->len == 4);
    free(b);
    return 0;
}
