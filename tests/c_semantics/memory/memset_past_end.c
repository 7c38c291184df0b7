// expect: UNKNOWN
// cc: skip undefined behaviour (memset past the end of a one-byte array)
// memset through a cursor that runs past a one-byte array writes outside it: the bytes
// beyond are not a[0] again.
#include <assert.h>
#include <string.h>
unsigned char a[1];
struct pool { unsigned char *p; unsigned long c; } pool;
int main(void) {
    pool.p = a;
    pool.c = 0;
    memset(&pool.p[pool.c], 1, 1);
    pool.c += 1;
    memset(&pool.p[pool.c], 2, 2);
    assert(a[0] == 1);
    return 0;
}
