// expect: FAILED
// cc: skip threads: cc runs one interleaving
// `x = y` reads y and then writes x: the other thread can change y and x in between, so the
// copy can overwrite the newer x with the older y.
#include <assert.h>
#include <pthread.h>
int x, y;
void *copier(void *arg) {
    x = y;
    return NULL;
}
void *setter(void *arg) {
    y = 1;
    x = 1;
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, copier, NULL);
    pthread_create(&b, NULL, setter, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(x == 1 || y == 0);
    return 0;
}
