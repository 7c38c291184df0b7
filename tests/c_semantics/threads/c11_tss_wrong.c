// expect: FAILED
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <threads.h>
once_flag flag = ONCE_FLAG_INIT;
tss_t key;
int inits, a, b;
void init(void) { inits++; }
int worker(void *arg) {
    call_once(&flag, init);
    assert(inits == 1);
    assert(tss_get(key) == NULL);
    tss_set(key, arg);
    assert(tss_get(key) == arg);
    return 0;
}
int main(void) {
    thrd_t t1, t2;
    tss_create(&key, NULL);
    thrd_create(&t1, worker, &a);
    thrd_create(&t2, worker, &b);
    thrd_join(t1, NULL);
    thrd_join(t2, NULL);
    assert(tss_get(key) == &b); /* bug: main has no value of its own */
    return 0;
}
