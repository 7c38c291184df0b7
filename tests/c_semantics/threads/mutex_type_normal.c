// expect: SUCCESSFUL
#include <assert.h>
#include <pthread.h>
int main(void) {
    pthread_mutexattr_t a;
    int t = -1;
    pthread_mutexattr_init(&a);
    assert(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL) == 0);
    assert(pthread_mutexattr_gettype(&a, &t) == 0 && t == PTHREAD_MUTEX_NORMAL);
    assert(pthread_mutexattr_settype(&a, 99) != 0);
    return 0;
}
