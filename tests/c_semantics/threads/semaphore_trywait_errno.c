// expect: SUCCESSFUL
#include <assert.h>
#include <errno.h>
#include <semaphore.h>
sem_t s;
int main(void) {
    int v;
    assert(sem_init(&s, 0, 1) == 0);
    assert(sem_trywait(&s) == 0);
    assert(sem_trywait(&s) == -1 && errno == EAGAIN);
    assert(sem_post(&s) == 0 && sem_post(&s) == 0);
    assert(sem_getvalue(&s, &v) == 0 && v == 2);
    assert(sem_wait(&s) == 0);
    assert(sem_getvalue(&s, &v) == 0 && v == 1);
    return 0;
}
