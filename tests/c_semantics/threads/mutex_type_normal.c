// expect: SUCCESSFUL
#include <assert.h>
#include <pthread.h>
/* an idle thread: schedmc models pthread primitives in threaded programs only */
static void *idle(void *arg) { return arg; }
int main(void) {
    pthread_t th;
    pthread_create(&th, 0, idle, 0);
    pthread_mutexattr_t a;
    int t = -1;
    pthread_mutexattr_init(&a);
    assert(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL) == 0);
    assert(pthread_mutexattr_gettype(&a, &t) == 0 && t == PTHREAD_MUTEX_NORMAL);
    assert(pthread_mutexattr_settype(&a, 99) != 0);
    return 0;
}
