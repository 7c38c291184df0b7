// expect: SUCCESSFUL
// args: --engine bmc --unwind 10
// A do-while loop with exactly 10 iterations: its head is visited 10 times, so
// --unwind 10 unrolls it completely (the unwinding assertion holds).
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
