// expect: SUCCESSFUL
// cc: skip threads: the program deadlocks under cc
#include <assert.h>
#include <pthread.h>
pthread_barrier_t b;
int x;
void *t(void *arg) { pthread_barrier_wait(&b); x = 1; return NULL; }
int main(void) {
    pthread_t a;
    pthread_barrier_init(&b, NULL, 3);
    pthread_create(&a, NULL, t, NULL);
    pthread_barrier_wait(&b);
    assert(x == 1);  /* never reached: only 2 of 3 arrive */
    return 0;
}
