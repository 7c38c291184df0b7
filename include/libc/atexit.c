/* atexit.c -- schedmc's model of atexit (C11 7.22.4.2): the handlers are kept in a table and
   run by exit() and at main's return (the front end calls __schedmc_atexit_run there) in the
   reverse order of their registration; a handler registered while they run is run next, as
   glibc does. glibc takes any number of handlers; past 32 the model stops (UNKNOWN). */
#include "__schedmc_libc_common.h"

static void (*__schedmc_atexit_fn[32])(void);
static int __schedmc_atexit_count;

int atexit(void (*function)(void))
{
    if (__schedmc_atexit_count == 32) {
        __schedmc_unsupported("more than 32 atexit handlers");
        return 1;
    }
    __schedmc_atexit_fn[__schedmc_atexit_count] = function;
    __schedmc_atexit_count++;
    return 0;
}

void __schedmc_atexit_run(void)
{
    while (__schedmc_atexit_count > 0) {
        __schedmc_atexit_count--;
        void (*f)(void) = __schedmc_atexit_fn[__schedmc_atexit_count];
        f();
    }
}
