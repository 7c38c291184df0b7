// expect: SUCCESSFUL
// cc: skip nondeterministic length
// args: --engine bmc --unwind 6
// A list of nondeterministic length (at most 4) built in a loop; its length is counted back.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
    int v;
    struct node *next;
};

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 4)
        return 0;
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof(struct node));
        x->v = 1;
        x->next = head;
        head = x;
    }
    int len = 0;
    for (struct node *p = head; p != NULL; p = p->next)
        len += p->v;
    assert(len == n);
    return 0;
}
