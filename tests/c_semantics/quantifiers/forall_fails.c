// expect: FAILED
// cc: skip CBMC quantifiers
// A quantified property that does not hold for one value of the range.
int main(void) {
    int a[3] = {0, 5, 0};
    __CPROVER_assert(__CPROVER_forall { int i; (i >= 0 && i < 3) ==> a[i] == 0 }, "zero");
    return 0;
}
