// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    char src[] = "hey";
    char *d = strdup(src);
    d[0] = 'H';
    assert(src[0] == 'H'); /* the copy is a new object */
    return 0;
}
