// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <pthread.h>
int main(void) { void *p = NULL; pthread_t t = 0; (void)t; assert(p == 0); return 0; }
