// expect: SUCCESSFUL
// printf's count with `%p`: "(nil)" for NULL; "0x" and at least one hex digit otherwise, at
// most 2 * sizeof(void *) digits; a width pads.
#include <assert.h>
#include <stdio.h>
int main(void) {
    int x = 0;
    int r = printf("%p\n", (void *)0);
    assert(r == 6);
    r = printf("%p", (void *)&x);
    assert(r >= 3 && r <= 2 + 2 * (int)sizeof(void *));
    r = printf("[%-30p]", (void *)&x);
    assert(r == 32);
    return x;
}
