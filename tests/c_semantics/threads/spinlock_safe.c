// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
pthread_spinlock_t lock;
int counter;
void *inc(void *arg) {
    pthread_spin_lock(&lock);
    int t = counter;
    counter = t + 1;
    pthread_spin_unlock(&lock);
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_spin_init(&lock, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    assert(pthread_spin_trylock(&lock) == 0);
    assert(pthread_spin_trylock(&lock) != 0);
    return 0;
}
