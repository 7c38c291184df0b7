// expect: FAILED
// cc: skip threads: the program deadlocks under cc
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
sem_t s;
int x;
void *t(void *arg) { x = 1; assert(x == 0); return NULL; }
int main(void) {
    pthread_t a;
    sem_init(&s, 0, 0);
    pthread_create(&a, NULL, t, NULL);
    sem_wait(&s);
    return 0;
}
