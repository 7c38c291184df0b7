// expect: FAILED
// cc: skip threads: cc runs one interleaving
// `if (x == y)` reads x and y at two moments: the writer keeps them equal at every step of
// its own, but a reader can see x before and y after an update.
#include <assert.h>
#include <pthread.h>
int x, y;
int seen_different;
void *writer(void *arg) {
    __VERIFIER_atomic_begin();
    x = 1;
    y = 1;
    __VERIFIER_atomic_end();
    return NULL;
}
void *reader(void *arg) {
    if (x == y)
        return NULL;
    seen_different = 1;
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, reader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(!seen_different);
    return 0;
}
