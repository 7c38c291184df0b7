// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    char b[128];
    int r = sprintf(b, "x=%5d|%-4s|%c%%|%05d|%x|%#X|%+d|% d|%.3u|%lu|%lld|%hhd|%o|%#o|%.1s|%i",
                    -42, "ab", 'z', -7, 255u, 48879u, 5, 6, 7u, 4000000000UL, -9000000000LL,
                    300, 8u, 8u, "xyz", 0);
    assert(r == (int)strlen(b));
    assert(strcmp(b, "x=  -42|ab  |z%|-0007|ff|0XBEEF|+5| 6|007|4000000000|-9000000000|44|10|010|x|0") == 0);
    return 0;
}
