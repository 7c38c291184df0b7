// expect: FAILED
// A thread does not see main's write to a thread-local object: its copy holds the
// initial value.
#include <assert.h>
#include <pthread.h>

__thread int flag = 1;

void *worker(void *arg) {
    assert(flag == 2);
    return arg;
}

int main(void) {
    pthread_t t;
    flag = 2;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}
