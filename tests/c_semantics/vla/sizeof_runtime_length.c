// expect: SUCCESSFUL
// `sizeof` of a variable-length array is its length at the declaration times the element's
// size (C11 6.5.3.4p2), evaluated at run time; `sizeof(T[n])` evaluates `n`.
#include <assert.h>
int main(void) {
    int n = 5;
    n += 2;
    int a[n];
    assert(sizeof(a) == 7 * sizeof(int));
    n = 1;                          /* the length was fixed at the declaration */
    assert(sizeof(a) == 7 * sizeof(int));
    assert(sizeof(short[n + 2]) == 3 * sizeof(short));
    int x = 1;
    unsigned long s = sizeof(char[x++]);
    assert(s == 1 && x == 2);       /* the operand's length is evaluated */
    for (int i = 1; i < 4; i++) {
        char b[i];
        assert(sizeof b == (unsigned long)i);
    }
    return 0;
}
