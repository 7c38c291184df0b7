// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stddef.h>
struct s { char c; int i; long l; }; int main(void) { assert(offsetof(struct s, i) == 4 && offsetof(struct s, l) == 8); ptrdiff_t d = 3; assert(d == 3); return 0; }
