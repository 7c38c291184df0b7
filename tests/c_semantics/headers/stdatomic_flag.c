// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdatomic.h>
atomic_flag f = ATOMIC_FLAG_INIT; int main(void) { assert(!atomic_flag_test_and_set(&f)); assert(atomic_flag_test_and_set(&f)); atomic_flag_clear(&f); assert(!atomic_flag_test_and_set(&f)); return 0; }
