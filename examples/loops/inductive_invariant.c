// expect: SUCCESSFUL
// args: --engine kinduction --no-strengthening
// y == 2 * x is preserved by every iteration (2-inductive: the assertion at the top of
// the loop holds for one iteration, hence for the next), so k-induction proves the
// unbounded loop without any invariant from the interval analysis.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
    unsigned x = 0, y = 0;
    while (__VERIFIER_nondet_int()) {
        if (y != 2 * x)
            reach_error();
        x++;
        y += 2;
    }
    return 0;
}
