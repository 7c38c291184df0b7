// expect: FAILED
// exit() runs the registered handlers too (C11 7.22.4.4p3); _Exit would not.
#include <assert.h>
#include <stdlib.h>
static int state;
static void check(void) { assert(state != 2); }
static void work(int n)
{
    state = n;
    if (n == 2)
        exit(1);
}
int main(void)
{
    atexit(check);
    work(1);
    work(2);
    state = 0;
    return 0;
}
