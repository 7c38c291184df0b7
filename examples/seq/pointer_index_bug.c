// expect: FAILED
// pointer_index_safe.c with a check that the value read at i == 2 violates: a genuine
// counterexample (every read lies in its object).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int pick(const int *p, int i) { return p[i]; }
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 3)
        return 0;
    int x = pick(a, i);
    int y = pick(b, 3 - i);
    if (x == 3 && y == 6)
        reach_error();
    return 0;
}
