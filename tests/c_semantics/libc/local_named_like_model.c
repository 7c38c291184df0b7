// expect: SUCCESSFUL
// Objects named like library functions (`div`, `abs`), with no <stdlib.h>: no model is linked
// (the div model's result type would be undeclared), the objects are ordinary variables.
#include <assert.h>
float half(float x) { return x / 2; }
int main(void)
{
    int div = 7 / 2;
    long abs = -div;
    assert(div == 3 && abs == -3);
    return 0;
}
