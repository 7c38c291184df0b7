// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
pthread_once_t once = PTHREAD_ONCE_INIT;
int inits, ready;
void init(void) {
    inits++;
    ready = 1;
}
void *worker(void *arg) {
    pthread_once(&once, init);
    assert(ready == 1);
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(inits == 1);
    return 0;
}
