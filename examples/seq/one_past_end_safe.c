// expect: SUCCESSFUL
// A buffer walked up to the address one past its end (&buf[N], valid C: C11 6.5.6p8).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
#define N 4
int buf[N];
int main(void) {
    int *end = &buf[N];
    int k = 0;
    for (int *p = buf; p != end; p++)
        *p = k++;
    if (end - buf != N || buf[N - 1] != N - 1)
        reach_error();
    return 0;
}
