// expect: FAILED
// cc: skip CBMC quantifiers
// Assuming that some element is 1 does not fix which one.
int main(void) {
    int a[3];
    __CPROVER_assume(__CPROVER_exists { int i; (i >= 0 && i < 3) && a[i] == 1 });
    __CPROVER_assert(a[0] == 1, "first");
    return 0;
}
