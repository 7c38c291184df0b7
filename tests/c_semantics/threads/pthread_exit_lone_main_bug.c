// expect: FAILED
#include <assert.h>
#include <pthread.h>
int main(void)
{
    volatile int x = 100;
    assert(x != 100);
    if (x == 100)
        pthread_exit(0);
    return 0;
}
