// expect: SUCCESSFUL
// cc: skip nondeterministic input
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static int done;
static void h(void) { assert(done); }
int main(void)
{
    if (__VERIFIER_nondet_int()) {
        atexit(h);
        done = 1;
    }
    return 0;
}
