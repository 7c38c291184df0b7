// expect: SUCCESSFUL
// memcpy of a struct holding a pointer: the copied pointer still reaches its target.
#include <assert.h>
#include <string.h>

struct node {
    int val;
    int *ref;
};

int g = 5;

int main(void) {
    int x = 7;
    struct node a, b;
    a.val = 1;
    a.ref = &x;
    memcpy(&b, &a, sizeof a);
    assert(*b.ref == 7);
    *b.ref = 9;
    assert(x == 9);
    a.ref = &g;
    memcpy(&b, &a, sizeof a);
    *b.ref += 1;
    assert(g == 6 && x == 9);
    return 0;
}
