// expect: FAILED
#include <assert.h>

int main(void) {
    unsigned int u = 1;
    int i = -1;
    /* i converts to unsigned: UINT_MAX > 1 */
    assert(i < u);
    return 0;
}
