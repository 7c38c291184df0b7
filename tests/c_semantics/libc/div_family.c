// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) {
    div_t a = div(7, -2);
    assert(a.quot == -3 && a.rem == 1);
    div_t b = div(-7, 2);
    assert(b.quot == -3 && b.rem == -1);
    ldiv_t c = ldiv(100000000000L, 7L);
    assert(c.quot == 14285714285L && c.rem == 5);
    lldiv_t d = lldiv(-9LL, -4LL);
    assert(d.quot == 2 && d.rem == -1);
    return 0;
}
