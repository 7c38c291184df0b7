// expect: SUCCESSFUL
// glibc's typed static initialisers: a recursive mutex may be taken again by its owner, an
// error-checking one refuses (EDEADLK) and rejects an unlock by a non-owner (EPERM).
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
pthread_mutex_t r = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
pthread_mutex_t e = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
void *idle(void *arg) {
    (void)arg;
    return 0;
}
int main(void) {
    pthread_t th;
    assert(pthread_create(&th, 0, idle, 0) == 0);
    assert(pthread_join(th, 0) == 0);
    pthread_mutex_t l = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
    assert(pthread_mutex_lock(&r) == 0);
    assert(pthread_mutex_trylock(&r) == 0);
    assert(pthread_mutex_unlock(&r) == 0);
    assert(pthread_mutex_unlock(&r) == 0);
    assert(pthread_mutex_lock(&l) == 0);
    assert(pthread_mutex_lock(&l) == 0);
    assert(pthread_mutex_unlock(&l) == 0);
    assert(pthread_mutex_unlock(&l) == 0);
    assert(pthread_mutex_lock(&e) == 0);
    assert(pthread_mutex_lock(&e) == EDEADLK);
    assert(pthread_mutex_unlock(&e) == 0);
    assert(pthread_mutex_unlock(&e) == EPERM);
    return 0;
}
