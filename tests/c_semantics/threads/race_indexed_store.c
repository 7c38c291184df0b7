// expect: FAILED
// cc: skip threads: cc runs one interleaving
// `slots[i] = slots[i] + v` with a shared index: the read of the cell and the write back are
// two steps, so a concurrent store to the same cell is lost.
#include <assert.h>
#include <pthread.h>
int slots[3];
int idx = 1;
void *bump(void *arg) {
    slots[idx] = slots[idx] + 5;
    return NULL;
}
void *set(void *arg) {
    slots[1] = 7;
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, bump, NULL);
    pthread_create(&b, NULL, set, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(slots[1] == 7 || slots[1] == 12);
    return 0;
}
