// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>
#include <math.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
#include <strings.h>
#include <sys/types.h>
int main(void) { char b[8]; strcpy(b, "ok"); assert(strlen(b) == 2 && isalpha(b[0]) && atoi("3") == 3); return 0; }
