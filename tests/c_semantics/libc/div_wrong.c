// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) {
    div_t a = div(-7, 2);
    assert(a.quot == -4); /* C truncates toward zero: -3 */
    return 0;
}
