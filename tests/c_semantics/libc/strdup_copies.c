// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    char src[] = "hey";
    char *d = strdup(src);
    assert(d != NULL && d != src);
    src[0] = 'H';
    assert(d[0] == 'h' && d[1] == 'e' && d[2] == 'y' && d[3] == 0);
    char *e = strndup("abcdef", 2);
    assert(e[0] == 'a' && e[1] == 'b' && e[2] == 0);
    char *f = strndup("ab", 10);
    assert(strlen(f) == 2);
    free(d);
    free(e);
    free(f);
    return 0;
}
