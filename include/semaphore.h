/* semaphore.h -- schedmc's POSIX semaphores: the type and prototypes. The operations have C
   models (include/libc/pthread.c): each is one atomic section, sem_wait blocks while the
   count is 0. */
#ifndef __SCHEDMC_SEMAPHORE_H
#define __SCHEDMC_SEMAPHORE_H
#include <time.h>
typedef struct __schedmc_sem { int __value; } sem_t;
#define SEM_FAILED ((sem_t *)0)
int sem_init(sem_t *sem, int pshared, unsigned int value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_timedwait(sem_t *sem, const struct timespec *abs_timeout);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *sem, int *sval);
#endif
