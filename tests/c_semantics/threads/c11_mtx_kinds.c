// expect: SUCCESSFUL
// C11 mutex kinds: a mtx_recursive mutex may be taken again by its owner (trylock succeeds);
// a plain one is busy for its owner too (a thread makes the program concurrent: the
// scheduler models the mutexes).
#include <assert.h>
#include <threads.h>
mtx_t r, p, t;
int idle(void *arg) {
    (void)arg;
    return 0;
}
int main(void) {
    thrd_t th;
    assert(thrd_create(&th, idle, 0) == thrd_success);
    assert(thrd_join(th, 0) == thrd_success);
    assert(mtx_init(&r, mtx_plain | mtx_recursive) == thrd_success);
    assert(mtx_lock(&r) == thrd_success);
    assert(mtx_trylock(&r) == thrd_success);
    assert(mtx_unlock(&r) == thrd_success);
    assert(mtx_unlock(&r) == thrd_success);
    assert(mtx_trylock(&r) == thrd_success);
    assert(mtx_unlock(&r) == thrd_success);
    assert(mtx_init(&p, mtx_plain) == thrd_success);
    assert(mtx_lock(&p) == thrd_success);
    assert(mtx_trylock(&p) == thrd_busy);
    assert(mtx_unlock(&p) == thrd_success);
    assert(mtx_init(&t, mtx_timed | mtx_recursive) == thrd_success);
    assert(mtx_lock(&t) == thrd_success);
    assert(mtx_trylock(&t) == thrd_success);
    assert(mtx_unlock(&t) == thrd_success);
    assert(mtx_unlock(&t) == thrd_success);
    return 0;
}
