// expect: SUCCESSFUL
// GNU C accepts a struct's or union's last member without its `;`.
#include <assert.h>
struct s { int a; long b };
union u { unsigned a : 3 };
int main(void) {
    struct s x = {1, 2};
    union u y;
    y.a = 9;
    assert(x.a + x.b == 3);
    assert(y.a == 1);
    return 0;
}
