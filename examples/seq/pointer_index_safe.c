// expect: SUCCESSFUL
// Reads through a pointer parameter at an index from the environment, kept inside the array:
// every read lies in its object, so the values are exact (a read past the end would make the
// verdict UNKNOWN: tests/c_semantics/memory/pointer_read_past_object*.c).
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
    if (x < 1 || x > 4 || y < 5 || y > 8 || x + y != 9)
        reach_error();
    return 0;
}
