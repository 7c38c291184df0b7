// expect: FAILED
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
int hits; /* bug: a plain int, incremented by a separate load and store */
_Atomic(long) total;
void *worker(void *arg) {
    int t = hits;
    hits = t + 1;
    total += 5;
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(hits == 2);
    assert(total == 10);
    return 0;
}
