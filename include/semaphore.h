/* semaphore.h -- schedmc's POSIX semaphores: the type and prototypes. No scheduler description
   maps sem_* yet: a call is unmodelled (see --unknown-functions). */
#ifndef __SCHEDMC_SEMAPHORE_H
#define __SCHEDMC_SEMAPHORE_H
#include <time.h>
typedef struct { int __value; } sem_t;
#define SEM_FAILED ((sem_t *)0)
int sem_init(sem_t *sem, int pshared, unsigned int value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_timedwait(sem_t *sem, const struct timespec *abs_timeout);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *sem, int *sval);
#endif
