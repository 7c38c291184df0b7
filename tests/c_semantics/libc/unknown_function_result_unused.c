// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip get has no body
#include <assert.h>
int get(void); int main(void) { int x = 1; get(); assert(x == 1); return 0; }
