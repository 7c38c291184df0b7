// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
struct item { short key; char tag; };
static int desc(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    return y->key - x->key;
}
int main(void)
{
    struct item v[3] = {{1, 'a'}, {30, 'b'}, {-2, 'c'}};
    qsort(v, 3, sizeof(struct item), desc);
    assert(v[0].tag == 'b' && v[1].tag == 'a' && v[2].tag == 'c');
    assert(v[0].key == 30 && v[2].key == -2);
    return 0;
}
