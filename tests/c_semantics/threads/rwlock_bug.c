// expect: FAILED
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <pthread.h>
pthread_rwlock_t rw;
int a, b;
void *writer(void *arg) {
    pthread_rwlock_rdlock(&rw); /* bug: a read lock for writing */
    a = a + 1;
    b = b + 1;
    pthread_rwlock_unlock(&rw);
    return NULL;
}
void *reader(void *arg) {
    pthread_rwlock_rdlock(&rw);
    assert(a == b);
    pthread_rwlock_unlock(&rw);
    return NULL;
}
int main(void) {
    pthread_t t1, t2, t3;
    pthread_rwlock_init(&rw, NULL);
    pthread_create(&t1, NULL, writer, NULL);
    pthread_create(&t2, NULL, reader, NULL);
    pthread_create(&t3, NULL, writer, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_join(t3, NULL);
    assert(a == 2);
    return 0;
}
