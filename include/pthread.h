/* pthread.h -- schedmc's POSIX threads: types and prototypes (no bodies: the pthread scheduler
   description binds thread, mutex and condition-variable functions to scheduler actions). The
   object types are plain integers; PTHREAD_MUTEX_INITIALIZER / PTHREAD_COND_INITIALIZER
   initialise them. Read-write locks, spin locks, barriers, pthread_once and thread-specific
   keys have C models (include/libc/pthread.c, each operation one atomic section); their
   object layouts below are the models'. As in glibc, <pthread.h> brings in
   <stddef.h> (NULL, size_t), <sched.h> and <time.h>. Mutex types (normal, recursive,
   error-checking) are set through a mutex attribute object (pthread_mutexattr_settype) and
   kept by the scheduler; glibc's static initialisers PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP and
   PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP are markers the front end turns into the creation of
   a mutex of that type (src/frontend/lower/libc_mutex.rs). */
#ifndef __SCHEDMC_PTHREAD_H
#define __SCHEDMC_PTHREAD_H
#include <stddef.h>
#include <sched.h>
#include <time.h>

typedef unsigned long pthread_t;
typedef int pthread_attr_t;
typedef int pthread_mutex_t;
typedef int pthread_mutexattr_t;
typedef int pthread_cond_t;
typedef int pthread_condattr_t;

#define PTHREAD_MUTEX_INITIALIZER 0
enum { __schedmc_recursive_mutex_initializer = 0, __schedmc_errorcheck_mutex_initializer = 0 };
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP __schedmc_recursive_mutex_initializer
#define PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP __schedmc_errorcheck_mutex_initializer
#define PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP 0
#define PTHREAD_COND_INITIALIZER 0

typedef int pthread_rwlock_t;
typedef int pthread_rwlockattr_t;
typedef int pthread_spinlock_t;
typedef struct __schedmc_barrier {
    unsigned int __count;
    unsigned int __arrived;
    unsigned int __gen;
} pthread_barrier_t;
typedef int pthread_barrierattr_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;

#define PTHREAD_RWLOCK_INITIALIZER 0
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT PTHREAD_MUTEX_NORMAL
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
#define PTHREAD_CANCELED ((void *)-1)

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                   void *(*start_routine)(void *), void *arg);
int pthread_join(pthread_t thread, void **retval);
void pthread_exit(void *retval);
pthread_t pthread_self(void);
int pthread_detach(pthread_t thread);
int pthread_equal(pthread_t t1, pthread_t t2);

int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);

int pthread_mutexattr_init(pthread_mutexattr_t *attr);
int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *mutex);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);

int pthread_condattr_init(pthread_condattr_t *attr);
int pthread_condattr_destroy(pthread_condattr_t *attr);
int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *cond);
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);

int pthread_attr_setdetachstate(pthread_attr_t *attr, int detachstate);
int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *detachstate);
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t stacksize);
int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type);
int pthread_mutex_timedlock(pthread_mutex_t *mutex, const struct timespec *abstime);
int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex,
                           const struct timespec *abstime);
int pthread_cancel(pthread_t thread);
int pthread_yield(void);

int pthread_rwlock_init(pthread_rwlock_t *rwlock, const pthread_rwlockattr_t *attr);
int pthread_rwlock_destroy(pthread_rwlock_t *rwlock);
int pthread_rwlock_rdlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_tryrdlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_wrlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_trywrlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_unlock(pthread_rwlock_t *rwlock);

int pthread_spin_init(pthread_spinlock_t *lock, int pshared);
int pthread_spin_destroy(pthread_spinlock_t *lock);
int pthread_spin_lock(pthread_spinlock_t *lock);
int pthread_spin_trylock(pthread_spinlock_t *lock);
int pthread_spin_unlock(pthread_spinlock_t *lock);

int pthread_barrier_init(pthread_barrier_t *barrier, const pthread_barrierattr_t *attr,
                         unsigned int count);
int pthread_barrier_destroy(pthread_barrier_t *barrier);
int pthread_barrier_wait(pthread_barrier_t *barrier);

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);
int pthread_once(pthread_once_t *once_control, void (*init_routine)(void));

#endif
