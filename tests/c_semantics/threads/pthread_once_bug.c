// expect: FAILED
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
    /* bug: a hand-made once flag instead of pthread_once */
    if (!once) {
        once = 1;
        init();
    }
    assert(inits == 1);
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
