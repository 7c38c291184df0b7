// expect: UNKNOWN
// cc: skip undefined behaviour (write past the end of an array through a direct index)
// a[i] = 1 on int a[3] with i == 3 reachable: not a dropped write but undefined behaviour,
// UNKNOWN (the real layout may put b right after a).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a[3] = {0, 0, 0};
    int b = 5;
    int i = __VERIFIER_nondet_int();
    if (i >= 0 && i <= 3)
        a[i] = 1;
    assert(b == 5);
    return a[0];
}
