// expect: FAILED
// args: --engine falsify
// reorder_2's shape: main may read the thread counts from its arguments (`sscanf` over argv,
// globals only main names: no shared-memory events for them in partial-order BMC) and
// creates setters and checkers in loops; a checker may see the first store without the second.
#include <pthread.h>
#include <stdio.h>
extern void reach_error(void);
static int nset = 2, ncheck = 2;
static int a, b;
void *setter(void *p)
{
    a = 1;
    b = -1;
    return 0;
}
void *checker(void *p)
{
    if (!((a == 0 && b == 0) || (a == 1 && b == -1)))
        reach_error();
    return 0;
}
int main(int argc, char *argv[])
{
    if (argc == 3) {
        sscanf(argv[1], "%d", &nset);
        sscanf(argv[2], "%d", &ncheck);
    }
    if (nset > 2 || ncheck > 2)
        return 0;
    pthread_t s[2], c[2];
    for (int i = 0; i < nset; i++)
        pthread_create(&s[i], 0, setter, 0);
    for (int i = 0; i < ncheck; i++)
        pthread_create(&c[i], 0, checker, 0);
    for (int i = 0; i < nset; i++)
        pthread_join(s[i], 0);
    for (int i = 0; i < ncheck; i++)
        pthread_join(c[i], 0);
    return 0;
}
