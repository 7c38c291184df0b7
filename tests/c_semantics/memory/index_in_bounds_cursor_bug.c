// expect: FAILED
// The second memset overwrites buf[2].
#include <assert.h>
#include <string.h>
unsigned char buf[8];
struct pool { unsigned char *p; unsigned long c; } pool;
int main(void) {
    pool.p = buf;
    pool.c = 0;
    memset(&pool.p[pool.c], 1, 3);
    pool.c += 2;
    memset(&pool.p[pool.c], 2, 5);
    assert(buf[2] == 1);
    return 0;
}
