// expect: FAILED
// args: --engine bmc --unwind 1
// x + 1 wraps around to 0 for x == UINT_MAX: bit-precise BMC finds it; under --int-math
// (no overflow) the program is safe, as a unit test checks.
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);

int main(void) {
    unsigned x = __VERIFIER_nondet_uint();
    unsigned y = x + 1;
    if (y < x)
        reach_error();
    return 0;
}
