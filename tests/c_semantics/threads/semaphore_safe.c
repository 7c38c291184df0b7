// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
sem_t full, empty;
int buf, got;
void *producer(void *arg) {
    sem_wait(&empty);
    buf = 42;
    sem_post(&full);
    return NULL;
}
void *consumer(void *arg) {
    sem_wait(&full);
    got = buf;
    assert(got == 42);
    sem_post(&empty);
    return NULL;
}
int main(void) {
    pthread_t p, c;
    sem_init(&full, 0, 0);
    sem_init(&empty, 0, 1);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    assert(got == 42);
    assert(sem_trywait(&empty) == 0);
    assert(sem_trywait(&empty) == -1);
    return 0;
}
