// expect: FAILED
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
pthread_key_t key;
int va, vb;
void *worker(void *arg) {
    pthread_setspecific(key, arg);
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_key_create(&key, NULL);
    pthread_create(&a, NULL, worker, &va);
    pthread_create(&b, NULL, worker, &vb);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    /* bug: the workers' values are their own, main's is still NULL */
    assert(pthread_getspecific(key) == &vb || pthread_getspecific(key) == &va);
    return 0;
}
