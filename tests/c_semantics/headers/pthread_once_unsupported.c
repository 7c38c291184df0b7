// expect: UNKNOWN
// cc: skip no scheduler description maps pthread_once
#include <assert.h>
#include <pthread.h>
int x; pthread_once_t once = PTHREAD_ONCE_INIT; void init(void) { x = 1; } int main(void) { pthread_once(&once, init); assert(x == 0); return 0; }
