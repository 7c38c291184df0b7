// expect: SUCCESSFUL
// atexit handlers run after main returns, in the reverse order of their registration
// (C11 7.22.4.2, 7.22.4.4p3); a handler registered by a handler runs next.
#include <assert.h>
#include <stdlib.h>
static int trail;
static void c(void) { trail = trail * 10 + 3; }
static void b(void) { trail = trail * 10 + 2; }
static void a(void)
{
    trail = trail * 10 + 1;
    assert(trail == 21);
    atexit(c);
}
static void last(void) { assert(trail == 213); }
int main(void)
{
    assert(atexit(last) == 0);
    assert(atexit(a) == 0);
    assert(atexit(b) == 0);
    assert(trail == 0);
    return 0;
}
