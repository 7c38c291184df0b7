// expect: SUCCESSFUL
#include <assert.h>

int main(void) {
    char array[40];
    int n = 3;
    array[0] = 'x';
    /* the value of a statement expression is an rvalue: arrays decay, no promotion */
    assert(sizeof(({ array; })) == sizeof(char *));
    assert(sizeof(({ (char)1; })) == sizeof(char));
    char *p = ({ array; });
    assert(p == array && *p == 'x');
    int m = ({ int t = n * 2; t + 1; });
    assert(m == 7);
    return 0;
}
