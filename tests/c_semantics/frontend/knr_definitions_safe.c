// expect: SUCCESSFUL
#include <assert.h>

int add(a, b)
    int a;
    int b;
{
    return a + b;
}

/* b is not declared: implicit int; c is a char */
int mix(a, b, c)
    unsigned a;
    char c;
{
    return (int)(a / 2u) + b + c;
}

long scale(p, n) int *p; long n; { return *p * n; }

int main(void) {
    int k = 7;
    assert(add(2, 3) == 5);
    assert(mix(9, -1, 'A') == 4 - 1 + 65);
    assert(scale(&k, 3) == 21);
    return 0;
}
