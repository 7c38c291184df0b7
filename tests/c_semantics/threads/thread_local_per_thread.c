// expect: SUCCESSFUL
// Thread-local objects: every thread starts with the declared initial value in its own copy
// (`_Thread_local`, GNU `__thread`, <threads.h>'s `thread_local`, a block-scope static one);
// writes by one thread are invisible to the others. Each thread is joined before the next
// starts, so the program is deterministic.
#include <assert.h>
#include <pthread.h>
#include <threads.h>

_Thread_local int counter = 7;
__thread struct { int a; char b[3]; } rec = {1, {2, 3, 4}};
thread_local int *mine;
int shared;

static int bump(void) {
    static _Thread_local int calls;
    return ++calls;
}

void *worker(void *arg) {
    int id = (int)(long)arg;
    assert(counter == 7);
    assert(rec.a == 1 && rec.b[2] == 4);
    assert(mine == 0);
    assert(bump() == 1);
    assert(bump() == 2);
    counter += id;
    rec.b[1] = (char)id;
    mine = &shared;
    counter += 1;
    assert(counter == 8 + id);
    assert(rec.b[1] == id);
    shared += counter;
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    counter = 100;
    rec.a = 5;
    assert(bump() == 1);
    pthread_create(&t1, 0, worker, (void *)10L);
    pthread_join(t1, 0);
    pthread_create(&t2, 0, worker, (void *)20L);
    pthread_join(t2, 0);
    assert(counter == 100);
    assert(rec.a == 5 && rec.b[1] == 3);
    assert(mine == 0);
    assert(bump() == 2);
    assert(shared == 18 + 28);
    return 0;
}
