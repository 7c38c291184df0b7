// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdatomic.h>
atomic_uint u; int main(void) { atomic_store_explicit(&u, 4u, memory_order_release); assert(atomic_load_explicit(&u, memory_order_acquire) == 5u); return 0; }
