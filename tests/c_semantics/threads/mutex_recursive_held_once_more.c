// expect: FAILED
// After two locks of a recursive mutex and one unlock it is still held: the second unlock
// succeeds, so expecting it to fail is wrong.
#include <assert.h>
#include <pthread.h>
/* an idle thread: schedmc models pthread primitives in threaded programs only */
static void *idle(void *arg) { return arg; }
pthread_mutex_t m;
int main(void) {
    pthread_t th;
    pthread_create(&th, 0, idle, 0);
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &a);
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    assert(pthread_mutex_unlock(&m) != 0);
    return 0;
}
