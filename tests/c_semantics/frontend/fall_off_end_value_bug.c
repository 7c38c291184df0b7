// expect: FAILED
// cc: skip the caller stores the value of a function that ends without `return` (undefined)
// A non-void function whose end is reached without `return` gives an arbitrary value; the
// counterexample through it (the second call fails the assertion) must replay.
#include <assert.h>
int calls;
int step(void)
{
    assert(calls == 0);
    calls++;
}
int main(void)
{
    int a = step();
    int b = step();
    return a + b;
}
