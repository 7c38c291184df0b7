// expect: FAILED
// args: --engine bmc
#include <assert.h>
struct node { int v; struct node *next; }; int total(struct node *n) { return n ? n->v + total(n->next) : 0; } int main(void) { struct node c = {3, 0}, b = {2, &c}, a = {1, &b}; assert(total(&b) == 6); return 0; }
