// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
pthread_key_t key;
int va, vm;
void *worker(void *arg) {
    assert(pthread_getspecific(key) == NULL);
    pthread_setspecific(key, arg);
    assert(pthread_getspecific(key) == arg);
    return NULL;
}
int main(void) {
    pthread_t a;
    pthread_key_create(&key, NULL);
    pthread_setspecific(key, &vm);
    pthread_create(&a, NULL, worker, &va);
    pthread_join(a, NULL);
    assert(pthread_getspecific(key) == &vm);
    return 0;
}
