// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
// Each thread stores into its own cell through an index it computes: a store to one cell
// never rewrites another, so both stores survive whatever the interleaving.
#include <assert.h>
#include <pthread.h>
int cells[2];
void *store(void *arg) {
    int i = (int)(long)arg;
    cells[i] = i + 10;
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, store, (void *)0L);
    pthread_create(&b, NULL, store, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(cells[0] == 10 && cells[1] == 11);
    return 0;
}
