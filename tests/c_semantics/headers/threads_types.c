// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <threads.h>
thrd_t t; mtx_t m; cnd_t c; tss_t k; once_flag o = ONCE_FLAG_INIT; int main(void) { (void)t; (void)m; (void)c; (void)k; (void)o; assert(thrd_success == 0 && thrd_error != thrd_success); return 0; }
