// expect: FAILED
// args: --engine bmc
// cc: skip the order of elements that compare equal is unspecified; schedmc explores every order
#include <assert.h>
#include <stdlib.h>
struct item { int key, id; };
static int by_key(const void *a, const void *b)
{
    return ((const struct item *)a)->key - ((const struct item *)b)->key;
}
int main(void)
{
    struct item v[3] = {{5, 0}, {1, 1}, {5, 2}};
    qsort(v, 3, sizeof v[0], by_key);
    assert(v[0].id == 1);
    assert(v[1].id == 0); /* could be 2 */
    return 0;
}
