// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <semaphore.h>
sem_t s; int main(void) { (void)s; assert(SEM_FAILED == 0); return 0; }
