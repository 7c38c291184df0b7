// expect: SUCCESSFUL
// An index the analysis cannot bound that stays within the array: no bounds complaint.
#include <assert.h>
#include <string.h>
unsigned char buf[8];
struct pool { unsigned char *p; unsigned long c; } pool;
int main(void) {
    pool.p = buf;
    pool.c = 0;
    memset(&pool.p[pool.c], 1, 3);
    pool.c += 3;
    memset(&pool.p[pool.c], 2, 5);
    assert(buf[0] == 1 && buf[2] == 1 && buf[3] == 2 && buf[7] == 2);
    return 0;
}
