// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
_Atomic int hits;
_Atomic(long) total;
void *worker(void *arg) {
    hits++;
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
