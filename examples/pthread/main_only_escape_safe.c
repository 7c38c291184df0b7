// expect: SUCCESSFUL
// `x` is named only in main; the worker writes it through its argument (`&x`) and main reads
// it after the join: the worker's write is visible, main's own earlier write is overwritten.
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
    x = 2;
    pthread_create(&t, 0, worker, &x);
    pthread_join(t, 0);
    if (x != 1)
        reach_error();
    return 0;
}
