// expect: UNKNOWN
// cc: skip schedmc answers UNKNOWN: recursive mutexes are not modelled
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m;
int main(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &a);
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&m);
    assert(0);
    return 0;
}
