// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
// The same updates as the racy tests, each one indivisible: `_Atomic` increment and compound
// assignment, a `__VERIFIER_atomic_` function, an atomic section.
#include <assert.h>
#include <pthread.h>
_Atomic int hits;
_Atomic int total;
int plain, copies, x, y;
void __VERIFIER_atomic_bump(void) { plain = plain + 1; }
void *worker(void *arg) {
    hits++;
    total += 2;
    __VERIFIER_atomic_bump();
    __VERIFIER_atomic_begin();
    copies = copies + 1;
    x = y;
    __VERIFIER_atomic_end();
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(hits == 2 && total == 4 && plain == 2 && copies == 2);
    return 0;
}
