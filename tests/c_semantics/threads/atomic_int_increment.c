// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <stdatomic.h>
#include <threads.h>
atomic_int n;
int worker(void *arg) {
    n++;
    n -= 1;
    n += 2;
    return 0;
}
int main(void) {
    thrd_t a, b;
    thrd_create(&a, worker, 0);
    thrd_create(&b, worker, 0);
    thrd_join(a, 0);
    thrd_join(b, 0);
    assert(n == 4);
    return 0;
}
