// expect: SUCCESSFUL
// cc: skip CBMC quantifiers
// `__CPROVER_forall` / `__CPROVER_exists` over a variable bounded by constants in the guard
// are a finite conjunction / disjunction (`==>` is implication).
int main(void) {
    int a[4] = {1, 2, 3, 4};
    __CPROVER_assert(__CPROVER_forall { int i; (i >= 0 && i < 4) ==> a[i] == i + 1 }, "all");
    __CPROVER_assert(__CPROVER_exists { int i; (i >= 0 && i < 4) && a[i] == 3 }, "some");
    __CPROVER_assert(!__CPROVER_exists { int i; (0 <= i && i <= 3) && a[i] > 4 }, "none");
    __CPROVER_assert(__CPROVER_forall { unsigned i; i > 3 || a[i] > 0 }, "or form");
    /* nested, the inner bound depends on the outer variable */
    __CPROVER_assert(__CPROVER_forall { int i; (i >= 0 && i < 4) ==>
                         __CPROVER_forall { int j; (j > i && j < 4) ==> a[j] > a[i] } },
                     "sorted");
    /* an empty range */
    __CPROVER_assert(__CPROVER_forall { int i; (i >= 2 && i < 2) ==> 0 }, "vacuous");
    __CPROVER_assert(!__CPROVER_exists { int i; (i >= 2 && i < 2) && 1 }, "empty exists");
    int b[3];
    __CPROVER_assume(__CPROVER_forall { int k; (k >= 0 && k < 3) ==> b[k] == 7 * k });
    __CPROVER_assert(b[2] == 14, "assumed");
    return 0;
}
