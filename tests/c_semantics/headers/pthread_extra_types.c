// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <pthread.h>
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER; pthread_key_t key; pthread_spinlock_t sp; pthread_barrier_t bar; pthread_once_t once = PTHREAD_ONCE_INIT;
int main(void) { assert(PTHREAD_BARRIER_SERIAL_THREAD != 0); (void)key; (void)sp; (void)bar; (void)rw; (void)once; return 0; }
