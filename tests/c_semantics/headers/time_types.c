// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <time.h>
int main(void) { time_t t = 100; clock_t c = 5; struct tm tm; tm.tm_year = 124; assert(t + c == 105 && tm.tm_year == 124 && CLOCKS_PER_SEC == 1000000); return 0; }
