// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
int main(void) {
    assert(errno == 0);
    assert(strtol("123", 0, 10) == 123 && errno == 0);
    assert(strtol("99999999999999999999", 0, 10) == LONG_MAX && errno == ERANGE);
    errno = 0;
    assert(strtol("-99999999999999999999", 0, 10) == LONG_MIN && errno == ERANGE);
    errno = 0;
    assert(strtoul("99999999999999999999", 0, 10) == ULONG_MAX && errno == ERANGE);
    errno = 0;
    assert(strtoul("18446744073709551615", 0, 10) == ULONG_MAX && errno == 0);
    assert(strtoll("-9223372036854775808", 0, 10) == LLONG_MIN && errno == 0);
    return 0;
}
