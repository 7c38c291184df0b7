// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
// `++n` and `n += 5` give the value they store (old value + 1, + 5), whatever the other thread
// writes afterwards.
#include <assert.h>
#include <pthread.h>
int n;
void *bump(void *arg) {
    n = 100;
    return NULL;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, bump, NULL);
    int a = ++n;
    assert(a == 1 || a == 101);
    int b = (n += 5);
    assert(b == 6 || b == 105 || b == 106);
    pthread_join(t, NULL);
    return 0;
}
