// expect: SUCCESSFUL
// An error-checking mutex: the owner's relock fails with EDEADLK, its trylock with EBUSY,
// an unlock of an unlocked mutex with EPERM; re-initialising with a default attribute
// object gives a normal mutex again (trylock by the owner: EBUSY).
#include <assert.h>
#include <errno.h>
#include <pthread.h>
/* an idle thread: schedmc models pthread primitives in threaded programs only */
static void *idle(void *arg) { return arg; }
pthread_mutex_t m;
int main(void) {
    pthread_t th;
    pthread_create(&th, 0, idle, 0);
    pthread_mutexattr_t a;
    int t = -1;
    pthread_mutexattr_init(&a);
    assert(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK) == 0);
    assert(pthread_mutexattr_gettype(&a, &t) == 0 && t == PTHREAD_MUTEX_ERRORCHECK);
    assert(pthread_mutex_init(&m, &a) == 0);
    assert(pthread_mutex_unlock(&m) == EPERM);
    assert(pthread_mutex_lock(&m) == 0);
    assert(pthread_mutex_lock(&m) == EDEADLK);
    assert(pthread_mutex_trylock(&m) == EBUSY);
    assert(pthread_mutex_unlock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == EPERM);
    assert(pthread_mutex_destroy(&m) == 0);
    pthread_mutexattr_init(&a);
    assert(pthread_mutexattr_gettype(&a, &t) == 0 && t == PTHREAD_MUTEX_NORMAL);
    assert(pthread_mutex_init(&m, &a) == 0);
    assert(pthread_mutex_lock(&m) == 0);
    assert(pthread_mutex_trylock(&m) == EBUSY);
    assert(pthread_mutex_unlock(&m) == 0);
    return 0;
}
