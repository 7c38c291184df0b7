// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <pthread.h>
int main(void) { struct timespec ts; ts.tv_sec = 1; ts.tv_nsec = 2; time_t t = ts.tv_sec; assert(t == 1 && sizeof(size_t) == sizeof(void *)); return 0; }
