// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <ctype.h>
int main(void) { assert(toupper('a') == 'A' && toupper('1') == '1'); assert(tolower('Z') == 'z' && tolower('z') == 'z'); return 0; }
