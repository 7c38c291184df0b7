// expect: FAILED
#include <assert.h>

/* A call through an unprototyped function pointer type: only the targets whose arity
   matches the call are candidates (calling `add` with one argument would be undefined). */
static int seen;
void one(int a) { seen = a; }
int add(int a, int b) { return a + b; }

int main(void) {
    int (*two)(int, int) = add;
    void (*fp)() = one;
    char c = 7;
    fp(c);
    assert(two(seen, 1) == 8);
    assert(seen != 7);
    return 0;
}
