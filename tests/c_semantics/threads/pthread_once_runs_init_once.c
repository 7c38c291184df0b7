// expect: SUCCESSFUL
#include <assert.h>
#include <pthread.h>
int x;
pthread_once_t once = PTHREAD_ONCE_INIT;
void init(void) { x++; }
int main(void) {
    pthread_once(&once, init);
    pthread_once(&once, init);
    assert(x == 1);
    return 0;
}
