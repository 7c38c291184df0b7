// expect: UNKNOWN
// cc: skip CBMC quantifiers
// A quantifier whose range has no constant bounds is not expanded: UNKNOWN with the reason.
int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    int a[3] = {0, 0, 0};
    __CPROVER_assert(__CPROVER_forall { int i; (i >= 0 && i < n + n * n) ==> a[i % 3] == 0 }, "q");
    return 0;
}
