// expect: FAILED
// args: --engine bmc
// The third node holds 2, not 3 (blocks from one site are distinct objects).
#include <assert.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = i;
        n->next = head;
        head = n;
    }
    int sum = 0, len = 0;
    for (struct node *p = head; p != NULL; p = p->next) {
        sum += p->v;
        len++;
    }
    assert(len == 5);
    assert(sum == 10);
    assert(head->v == 4 && head->next->next->v == 3);
    while (head != NULL) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
