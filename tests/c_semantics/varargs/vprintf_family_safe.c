// expect: SUCCESSFUL
// A logging wrapper handing its va_list to vsnprintf and vprintf (results unused).
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
static int logged;
static void log_msg(const char *fmt, ...)
{
    va_list ap;
    char buf[16];
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    logged++;
}
int main(void)
{
    log_msg("%d %s\n", 3, "x");
    log_msg("done\n");
    assert(logged == 2);
    return 0;
}
