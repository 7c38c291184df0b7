// expect: SUCCESSFUL
#include <assert.h>
#include <errno.h>
#include <pthread.h>
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int main(void) {
    assert(pthread_rwlock_tryrdlock(&rw) == 0);
    assert(pthread_rwlock_tryrdlock(&rw) == 0);
    assert(pthread_rwlock_trywrlock(&rw) == EBUSY);
    assert(pthread_rwlock_unlock(&rw) == 0);
    assert(pthread_rwlock_unlock(&rw) == 0);
    assert(pthread_rwlock_trywrlock(&rw) == 0);
    assert(pthread_rwlock_tryrdlock(&rw) == EBUSY);
    assert(pthread_rwlock_unlock(&rw) == 0);
    return 0;
}
