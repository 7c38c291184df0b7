// expect: SUCCESSFUL
// args: --engine kinduction
// A saturating counter in a loop that runs an unbounded number of times. The property
// x <= 10 after the loop is not k-inductive for any k on its own (a havoced x = 11 at
// the loop head leaves the loop and fails), but the interval analysis finds x in [0, 10]
// at the head, and re-assuming it after the havoc closes the inductive step at k = 1.
// With --no-strengthening the answer is UNKNOWN (checked by a unit test).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
    int x = 0;
    while (__VERIFIER_nondet_int()) {
        if (x < 10)
            x++;
    }
    if (x > 10)
        reach_error();
    return 0;
}
