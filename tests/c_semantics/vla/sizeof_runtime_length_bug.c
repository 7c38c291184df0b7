// expect: FAILED
// `sizeof` of a variable-length array follows its length, not a capacity.
#include <assert.h>
int main(void) {
    int n = 3;
    n++;
    int a[n];
    assert(sizeof(a) == 16 * sizeof(int));
    return 0;
}
