// expect: SUCCESSFUL
#include <assert.h>

int main(void) {
    char c = (char)200;         /* char is signed on x86-64 GCC */
    assert(c < 0);
    assert((unsigned char)c == 200);
    signed char sc = -1;
    assert((unsigned int)sc == 4294967295u);
    unsigned char uc = 255;
    assert(uc + 1 == 256);      /* promotion to int */
    assert((unsigned char)(uc + 1) == 0);
    return 0;
}
