// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
// The value of `(x = 1)` is the value stored, not a later read of `x`: the other thread's
// write of 2 may land between the store and the use, but `got` is still 1.
#include <assert.h>
#include <pthread.h>
int x;
void *writer(void *arg) {
    x = 2;
    return NULL;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int got = (x = 1);
    assert(got == 1);
    pthread_join(t, NULL);
    return 0;
}
