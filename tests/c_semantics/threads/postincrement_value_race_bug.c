// expect: FAILED
// cc: skip threads: cc runs one interleaving
// `n++` gives the value it read: 0 or 100 depending on the interleaving.
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
    int a = n++;
    assert(a == 0);
    pthread_join(t, NULL);
    return 0;
}
