// expect: UNKNOWN
// cc: skip nondeterministic alignment (verifier built-ins); schedmc fixes object addresses, so an address's value as an integer is not decided (frontend::lower::observe) until addresses are symbolic (the C answer: SUCCESSFUL)
// A power-of-two alignment up to malloc's (16; a larger non-constant one is unsupported) and a size that is a multiple of it: the
// block is aligned; another alignment gives NULL (C17, glibc 2.38).
#include <stdint.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_error(void);
int main(void) {
    size_t align = __VERIFIER_nondet_uint();
    __VERIFIER_assume(align <= 16);
    void *r = aligned_alloc(align, align * 4);
    if (align == 0 || (align & (align - 1)) != 0) {
        if (r != 0) __VERIFIER_error();
        return 0;
    }
    if (r == 0 || ((uintptr_t)r & (align - 1)) != 0) __VERIFIER_error();
    free(r);
    return 0;
}
