// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) {
    char s[] = "x y";
    char *t = strtok(s, " ");
    assert(strlen(s) == 3); /* strtok wrote a NUL after "x" */
    return 0;
}
