// expect: SUCCESSFUL
// args: --engine bmc --unwind 5
// A FIFO queue of heap nodes: up to four messages enqueued by a loop (one allocation site,
// each node a separate object), then dequeued and freed in order.
#include <assert.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

struct msg {
    int id;
    struct msg *next;
};

static struct msg *head, *tail;

static void enqueue(int id) {
    struct msg *m = malloc(sizeof *m);
    m->id = id;
    m->next = NULL;
    if (tail != NULL)
        tail->next = m;
    else
        head = m;
    tail = m;
}

static int dequeue(void) {
    struct msg *m = head;
    int id = m->id;
    head = m->next;
    if (head == NULL)
        tail = NULL;
    free(m);
    return id;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 4)
        return 0;
    for (int i = 0; i < n; i++)
        enqueue(100 + i);
    for (int i = 0; i < n; i++)
        assert(dequeue() == 100 + i);
    assert(head == NULL && tail == NULL);
    return 0;
}
