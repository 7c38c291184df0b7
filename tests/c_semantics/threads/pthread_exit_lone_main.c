// expect: SUCCESSFUL
// pthread_exit in a program that starts no thread ends its only thread, and so the process
// (exit status 0): nothing after it runs.
#include <assert.h>
#include <pthread.h>
static int stop(int v)
{
    if (v == 100)
        pthread_exit(0);
    return v;
}
int main(void)
{
    volatile int x = 100;
    int y = stop(x);
    assert(y != 100);
    return 0;
}
