// expect: SUCCESSFUL
// A heap object written as a word and read through a byte pointer; calloc'd bytes are zero.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    uint32_t *p = malloc(sizeof(uint32_t));
    *p = 0x01020304u;
    uint8_t *b = (uint8_t *)p;
    assert(b[0] == 4 && b[3] == 1);
    uint16_t *q = calloc(4, sizeof(uint16_t));
    assert(q[0] == 0 && q[3] == 0);
    memcpy(q, p, sizeof *p);
    assert(q[0] == 0x0304 && q[1] == 0x0102 && q[2] == 0);
    free(q);
    free(p);
    return 0;
}
