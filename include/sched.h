/* sched.h -- schedmc's minimal <sched.h> (brought in by <pthread.h>, as in glibc). */
#ifndef __SCHEDMC_SCHED_H
#define __SCHEDMC_SCHED_H
#include <stddef.h>
#include <time.h>
struct sched_param {
    int sched_priority;
};
#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2
int sched_yield(void);
#endif
