// expect: SUCCESSFUL
// _Exit ends the program without running the atexit handlers (C11 7.22.4.5).
#include <assert.h>
#include <stdlib.h>
static int state;
static void check(void) { assert(state != 2); }
static void work(int n)
{
    state = n;
    if (n == 2)
        _Exit(0);
}
int main(void)
{
    atexit(check);
    work(1);
    work(2);
    state = 0;
    return 0;
}
