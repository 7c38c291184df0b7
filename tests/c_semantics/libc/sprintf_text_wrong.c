// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    char b[16];
    sprintf(b, "%03d-%s", 7, "ok");
    assert(strcmp(b, "07-ok") == 0);
    return 0;
}
