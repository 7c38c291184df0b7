// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <ctype.h>
int main(void) { assert(isprint(' ') && !isgraph(' ') && isgraph('~')); assert(iscntrl('\t') && iscntrl(127) && !iscntrl('a')); assert(isblank('\t') && !isblank('\n')); return 0; }
