// expect: FAILED
// `x` is named only in main; the worker reaches it through its argument (`&x`), so it is
// shared all the same: main may read the worker's write before joining it.
#include <pthread.h>
extern void reach_error(void);
int x;
void *worker(void *p)
{
    *(int *)p = 1;
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, &x);
    if (x == 1)
        reach_error();
    pthread_join(t, 0);
    return 0;
}
