// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <ctype.h>
int main(void) { assert(isdigit('5') && !isdigit('a')); assert(isalpha('Q') && isalnum('7') && !isalnum('-')); assert(isspace(' ') && isspace('\n') && !isspace('x')); assert(isxdigit('F') && !isxdigit('g')); assert(ispunct('!') && !ispunct('a')); assert(isupper('A') && islower('a')); return 0; }
