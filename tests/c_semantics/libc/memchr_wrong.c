// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) {
    char s[] = "abcabc";
    assert(memchr(s, 'c', 6) == s + 5); /* the first 'c' is at 2 */
    return 0;
}
