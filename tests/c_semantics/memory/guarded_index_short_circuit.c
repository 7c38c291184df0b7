// expect: SUCCESSFUL
// `&&` and `||` evaluate their right operand only when needed (C11 6.5.13p4, 6.5.14p4): an
// index or dereference guarded by the left operand is not read when the guard fails, so it
// is no out-of-bounds or null access.
#include <assert.h>
#include <stddef.h>
struct node { int v; struct node *next; };
int main(void)
{
    int a[4] = {1, 2, 3, 40};
    volatile unsigned x = 7;
    int hits = 0;
    if (x < 4 && a[x] > 10)
        hits++;
    if (x >= 4 || a[x] > 10)
        hits += 2;
    struct node n = {5, NULL};
    struct node *p = n.next;
    if (p && p->v == 5)
        hits += 4;
    while (p != NULL && p->next != NULL)
        p = p->next;
    assert(hits == 2);
    return 0;
}
