// expect: SUCCESSFUL
// An assignment of a struct is an rvalue of the struct type; chains copy the stored value.
#include <assert.h>
struct p { int a; unsigned char b; };
int main(void) {
    struct p x = {1, 2}, y, z;
    z = (y = x);
    assert(z.a == 1 && z.b == 2 && y.a == 1);
    int i = 0, j;
    int arr[3] = {0, 0, 0};
    arr[i++] = (j = 5);
    assert(arr[0] == 5 && i == 1 && j == 5);
    int k = (i++, i++);
    assert(k == 2 && i == 3);
    return 0;
}
