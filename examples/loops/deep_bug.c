// expect: FAILED
// args: --engine falsify
// The bug needs 17 visits of the loop head (i == 16 in the 17th iteration), so
// falsification finds it at k = 17 and not before.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int i;
    for (i = 0; i < 100; i++) {
        if (i == 16 && x == 42)
            reach_error();
    }
    return 0;
}
