// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <threads.h>
once_flag flag = ONCE_FLAG_INIT;
int inits;
void init(void) { inits++; }
int worker(void *arg) {
    call_once(&flag, init);
    assert(inits == 1);
    return 0;
}
int main(void) {
    thrd_t t1, t2;
    thrd_create(&t1, worker, 0);
    thrd_create(&t2, worker, 0);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    return 0;
}
