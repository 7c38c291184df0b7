// expect: FAILED
// A buffer walked up to the address one past its end (&buf[N]); the last element is N - 1,
// not N.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
#define N 4
int buf[N];
int main(void) {
    int *end = &buf[N];
    int k = 0;
    for (int *p = buf; p != end; p++)
        *p = k++;
    if (buf[N - 1] != N)
        reach_error();
    return 0;
}
