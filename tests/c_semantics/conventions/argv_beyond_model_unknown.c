// expect: UNKNOWN
// args: --engine bmc --unwind 8
// cc: skip the model's limit (natively argc is 1 here)
// argc is unbounded and the model holds the first 5 entries of argv: a loop over every
// argument reads argv[5] when argc > 5, which the model has no value for. The verdict is
// UNKNOWN naming the limit, not a proof under a bound on argc nor a value from another object.
#include <assert.h>
#include <stddef.h>
int main(int argc, char **argv) { for (int i = 0; i < argc; i++) assert(argv[i] != NULL); return 0; }
