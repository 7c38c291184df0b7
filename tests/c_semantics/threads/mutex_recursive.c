// expect: SUCCESSFUL
// A recursive mutex counts its owner's locks (lock and trylock); it is free after as many
// unlocks, and a further unlock fails (EPERM); the attribute reports its type.
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
    assert(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE) == 0);
    assert(pthread_mutexattr_gettype(&a, &t) == 0 && t == PTHREAD_MUTEX_RECURSIVE);
    assert(pthread_mutex_init(&m, &a) == 0);
    assert(pthread_mutex_lock(&m) == 0);
    assert(pthread_mutex_lock(&m) == 0);
    assert(pthread_mutex_trylock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == EPERM);
    assert(pthread_mutex_trylock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == 0);
    return 0;
}
