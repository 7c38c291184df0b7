// expect: FAILED
// args: --engine falsify
// A goto into the body of a loop (an irreducible loop, as in the SystemC benchmarks):
// entering at `mid` skips the first increment of i, so j reaches 4 when i reaches 3.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
    int i = 0, j = 0;
    if (__VERIFIER_nondet_int())
        goto mid;
    while (i < 3) {
        i++;
    mid:
        j++;
    }
    if (j == 4)
        reach_error();
    return 0;
}
