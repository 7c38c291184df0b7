// expect: FAILED
// args: --engine bmc --unwind 9
// The same loop as exact_unwind.c with one unwinding too few: the unwinding assertion
// of the loop fails (VERIFICATION FAILED, violation: unwinding assertion).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
    int i = 0;
    int sum = 0;
    do {
        sum += i;
        i++;
    } while (i < 10);
    if (sum != 45)
        reach_error();
    return 0;
}
