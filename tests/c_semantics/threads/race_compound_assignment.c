// expect: FAILED
// cc: skip threads: cc runs one interleaving
// `total += 2` is a load and a store: two threads can both load 0, and one addition is lost.
#include <assert.h>
#include <pthread.h>
int total;
void *adder(void *arg) {
    total += 2;
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, adder, NULL);
    pthread_create(&b, NULL, adder, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(total == 4);
    return 0;
}
