// expect: UNKNOWN
// cc: skip calling exit() from an atexit handler is undefined behaviour (C11 7.22.4.4p2)
#include <stdlib.h>
static void h(void) { exit(3); }
int main(void)
{
    atexit(h);
    return 0;
}
