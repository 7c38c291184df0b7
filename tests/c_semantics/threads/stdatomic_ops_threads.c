// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
#include <assert.h>
#include <stdatomic.h>
#include <pthread.h>
_Atomic int a;
atomic_int counter = ATOMIC_VAR_INIT(0);
_Atomic(unsigned) u;
void *inc(void *arg) {
    atomic_fetch_add(&counter, 1);
    atomic_fetch_add_explicit(&a, 2, memory_order_relaxed);
    int e = 0;
    while (!atomic_compare_exchange_weak(&u, &e, e + 1)) {}
    return NULL;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, inc, NULL);
    pthread_create(&t2, NULL, inc, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    assert(atomic_load(&counter) == 2);
    assert(a == 4);
    assert(atomic_load(&u) == 2);
    assert(atomic_exchange(&a, 7) == 4 && a == 7);
    assert(atomic_fetch_sub(&a, 3) == 7 && atomic_load(&a) == 4);
    atomic_store(&a, 1);
    assert(atomic_fetch_or(&a, 6) == 1 && a == 7);
    assert(atomic_fetch_and(&a, 3) == 7 && a == 3);
    assert(atomic_fetch_xor(&a, 1) == 3 && a == 2);
    return 0;
}
