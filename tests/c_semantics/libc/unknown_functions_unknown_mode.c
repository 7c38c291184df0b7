// expect: UNKNOWN
// args: --engine bmc --unknown-functions unknown
// cc: skip get has no body
#include <assert.h>
int get(int *p); int main(void) { int x = 0; get(&x); assert(x == 0); return 0; }
