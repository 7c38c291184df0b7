// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
pthread_barrier_t bar;
int x, y, serial;
void *t1(void *arg) {
    x = 1;
    if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
        serial++;
    assert(y == 1);
    return NULL;
}
void *t2(void *arg) {
    y = 1;
    if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
        serial++;
    assert(x == 1);
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_barrier_init(&bar, NULL, 2);
    pthread_create(&a, NULL, t1, NULL);
    pthread_create(&b, NULL, t2, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(serial == 1);
    return 0;
}
