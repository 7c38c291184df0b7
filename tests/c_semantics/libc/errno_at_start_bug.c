// expect: FAILED
#include <assert.h>
#include <errno.h>

int main(void) {
    assert(errno != 0); /* errno is zero at program start */
    return 0;
}
