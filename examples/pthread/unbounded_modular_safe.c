// expect: SUCCESSFUL
// A server that starts a handler for every request, forever: unboundedly many handler
// threads. Each handler publishes a status code (0 idle, 1 busy, 2 done) and a monitor
// thread checks that the published code is always one of them. Proved for any number of
// handlers by the thread-modular abstraction: the status writes are shown to stay in
// {0, 1, 2}, so the other handlers' writes are values of that set.
#include <pthread.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int status;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *handler(void *arg) {
    int work = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    status = 1;
    pthread_mutex_unlock(&m);
    if (work > 0)
        status = 2;
    else
        status = 0;
    return 0;
}

void *monitor(void *arg) {
    for (;;) {
        int s = status;
        assert(s >= 0 && s <= 2);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, monitor, 0);
    while (1)
        pthread_create(&t, 0, handler, 0);
    return 0;
}
