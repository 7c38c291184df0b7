// expect: FAILED
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <threads.h>
tss_t key;
int a, m;
int worker(void *arg) {
    assert(tss_get(key) == NULL);
    tss_set(key, arg);
    assert(tss_get(key) == arg);
    return 0;
}
int main(void) {
    thrd_t t1;
    tss_create(&key, NULL);
    tss_set(key, &m);
    thrd_create(&t1, worker, &a);
    thrd_join(t1, NULL);
    assert(tss_get(key) == &a); /* bug: the worker set its own value, not main's */
    return 0;
}
