/* pthread.c -- schedmc's models of the POSIX synchronisation objects the pthread scheduler
   description does not map: read-write locks, spin locks, barriers, semaphores (<semaphore.h>),
   pthread_once and thread-specific keys. Each operation on an object is one atomic section
   (__VERIFIER_atomic_begin/end, bound to the scheduler's atomic-begin/end); a blocking
   operation assumes its resource is available inside the section, so an execution in which
   the thread would block is one in which the scheduler has not run it yet (the scheduler may
   leave a thread before any primitive indefinitely): every state reachable while the thread
   blocks is reachable that way, and none other. The object types are declared in
   <pthread.h> / <semaphore.h>: a read-write lock is an int (0 free, -1 held for writing, n > 0
   held by n readers), a spin lock an int (0 free, 1 held), a barrier and a semaphore tagged
   structs, a once control an int (0 not run, 1 running, 2 done); C11's call_once and tss_*
   are the same models over <threads.h>'s types. Thread-specific values are
   kept in a table of four (key, thread, value) entries: a program that needs more, or
   registers a key destructor, gets an unsupported step (UNKNOWN when reached). Error
   returns follow glibc (EBUSY, EPERM, EINVAL, EAGAIN through errno for sem_trywait). */
#include "__schedmc_libc_common.h"

struct __schedmc_barrier {
    unsigned int __count;
    unsigned int __arrived;
    unsigned int __gen;
};
struct __schedmc_sem {
    int __value;
};

int errno;

/* ---- read-write locks ---- */

int pthread_rwlock_init(int *rwlock, const int *attr)
{
    (void)attr;
    *rwlock = 0;
    return 0;
}

int pthread_rwlock_destroy(int *rwlock)
{
    (void)rwlock;
    return 0;
}

int pthread_rwlock_rdlock(int *rwlock)
{
    __VERIFIER_atomic_begin();
    __VERIFIER_assume(*rwlock >= 0);
    *rwlock = *rwlock + 1;
    __VERIFIER_atomic_end();
    return 0;
}

int pthread_rwlock_tryrdlock(int *rwlock)
{
    int r = 16; /* EBUSY */
    __VERIFIER_atomic_begin();
    if (*rwlock >= 0) {
        *rwlock = *rwlock + 1;
        r = 0;
    }
    __VERIFIER_atomic_end();
    return r;
}

int pthread_rwlock_wrlock(int *rwlock)
{
    __VERIFIER_atomic_begin();
    __VERIFIER_assume(*rwlock == 0);
    *rwlock = -1;
    __VERIFIER_atomic_end();
    return 0;
}

int pthread_rwlock_trywrlock(int *rwlock)
{
    int r = 16; /* EBUSY */
    __VERIFIER_atomic_begin();
    if (*rwlock == 0) {
        *rwlock = -1;
        r = 0;
    }
    __VERIFIER_atomic_end();
    return r;
}

int pthread_rwlock_unlock(int *rwlock)
{
    int r = 0;
    __VERIFIER_atomic_begin();
    if (*rwlock < 0)
        *rwlock = 0;
    else if (*rwlock > 0)
        *rwlock = *rwlock - 1;
    else
        r = 1; /* EPERM: not held */
    __VERIFIER_atomic_end();
    return r;
}

/* ---- spin locks ---- */

int pthread_spin_init(int *lock, int pshared)
{
    (void)pshared;
    *lock = 0;
    return 0;
}

int pthread_spin_destroy(int *lock)
{
    (void)lock;
    return 0;
}

int pthread_spin_lock(int *lock)
{
    __VERIFIER_atomic_begin();
    __VERIFIER_assume(*lock == 0);
    *lock = 1;
    __VERIFIER_atomic_end();
    return 0;
}

int pthread_spin_trylock(int *lock)
{
    int r = 16; /* EBUSY */
    __VERIFIER_atomic_begin();
    if (*lock == 0) {
        *lock = 1;
        r = 0;
    }
    __VERIFIER_atomic_end();
    return r;
}

int pthread_spin_unlock(int *lock)
{
    __VERIFIER_atomic_begin();
    *lock = 0;
    __VERIFIER_atomic_end();
    return 0;
}

/* ---- barriers ---- */

int pthread_barrier_init(struct __schedmc_barrier *barrier, const int *attr, unsigned int count)
{
    (void)attr;
    if (count == 0)
        return 22; /* EINVAL */
    barrier->__count = count;
    barrier->__arrived = 0;
    barrier->__gen = 0;
    return 0;
}

int pthread_barrier_destroy(struct __schedmc_barrier *barrier)
{
    (void)barrier;
    return 0;
}

/* The last of `count` arriving threads opens the barrier (a new generation) and gets
   PTHREAD_BARRIER_SERIAL_THREAD (-1); the others wait for the generation to change, then
   return 0. */
int pthread_barrier_wait(struct __schedmc_barrier *barrier)
{
    unsigned int gen;
    int last = 0;
    __VERIFIER_atomic_begin();
    gen = barrier->__gen;
    barrier->__arrived = barrier->__arrived + 1;
    if (barrier->__arrived >= barrier->__count) {
        barrier->__arrived = 0;
        barrier->__gen = gen + 1;
        last = 1;
    }
    __VERIFIER_atomic_end();
    if (last)
        return -1;
    __VERIFIER_atomic_begin();
    __VERIFIER_assume(barrier->__gen != gen);
    __VERIFIER_atomic_end();
    return 0;
}

/* ---- semaphores ---- */

int sem_init(struct __schedmc_sem *sem, int pshared, unsigned int value)
{
    (void)pshared;
    if (value > 2147483647U) {
        errno = 22; /* EINVAL */
        return -1;
    }
    sem->__value = (int)value;
    return 0;
}

int sem_destroy(struct __schedmc_sem *sem)
{
    (void)sem;
    return 0;
}

int sem_wait(struct __schedmc_sem *sem)
{
    __VERIFIER_atomic_begin();
    __VERIFIER_assume(sem->__value > 0);
    sem->__value = sem->__value - 1;
    __VERIFIER_atomic_end();
    return 0;
}

int sem_trywait(struct __schedmc_sem *sem)
{
    int r = 0;
    __VERIFIER_atomic_begin();
    if (sem->__value > 0)
        sem->__value = sem->__value - 1;
    else
        r = -1;
    __VERIFIER_atomic_end();
    if (r != 0)
        errno = 11; /* EAGAIN */
    return r;
}

int sem_post(struct __schedmc_sem *sem)
{
    int r = 0;
    __VERIFIER_atomic_begin();
    if (sem->__value == 2147483647)
        r = -1;
    else
        sem->__value = sem->__value + 1;
    __VERIFIER_atomic_end();
    if (r != 0)
        errno = 75; /* EOVERFLOW */
    return r;
}

int sem_getvalue(struct __schedmc_sem *sem, int *sval)
{
    __VERIFIER_atomic_begin();
    *sval = sem->__value;
    __VERIFIER_atomic_end();
    return 0;
}

/* ---- pthread_once ---- */

/* The first caller runs the routine; a concurrent caller waits until it has returned. */
#define __SCHEDMC_ONCE(flag, routine)               \
    int run = 0;                                    \
    __VERIFIER_atomic_begin();                      \
    if (*(flag) == 0) {                             \
        *(flag) = 1;                                \
        run = 1;                                    \
    }                                               \
    __VERIFIER_atomic_end();                        \
    if (run) {                                      \
        routine();                                  \
        __VERIFIER_atomic_begin();                  \
        *(flag) = 2;                                \
        __VERIFIER_atomic_end();                    \
    } else {                                        \
        __VERIFIER_atomic_begin();                  \
        __VERIFIER_assume(*(flag) == 2);            \
        __VERIFIER_atomic_end();                    \
    }

int pthread_once(int *once_control, void (*init_routine)(void))
{
    __SCHEDMC_ONCE(once_control, init_routine)
    return 0;
}

/* C11 <threads.h>: once_flag is an int as pthread_once_t. */
void call_once(int *flag, void (*func)(void))
{
    __SCHEDMC_ONCE(flag, func)
}

/* ---- thread-specific keys ---- */

/* The keys created so far, and a table of four (key, thread, value) entries, scalar globals
   (no loops, no arrays: cheap for the engines): a key's value in a thread without an entry
   is NULL. A fifth value is unsupported. Key destructors are not run: creating a key with
   one is unsupported. */
unsigned int __schedmc_tsd_keys;
int __schedmc_tsd_used0;
unsigned int __schedmc_tsd_key0;
unsigned long __schedmc_tsd_thread0;
void *__schedmc_tsd_value0;
int __schedmc_tsd_used1;
unsigned int __schedmc_tsd_key1;
unsigned long __schedmc_tsd_thread1;
void *__schedmc_tsd_value1;
int __schedmc_tsd_used2;
unsigned int __schedmc_tsd_key2;
unsigned long __schedmc_tsd_thread2;
void *__schedmc_tsd_value2;
int __schedmc_tsd_used3;
unsigned int __schedmc_tsd_key3;
unsigned long __schedmc_tsd_thread3;
void *__schedmc_tsd_value3;

int pthread_key_create(unsigned int *key, void (*destructor)(void *))
{
    if (destructor != __null)
        __schedmc_unsupported("pthread_key_create with a destructor (destructors are not run)");
    __VERIFIER_atomic_begin();
    *key = __schedmc_tsd_keys;
    __schedmc_tsd_keys = __schedmc_tsd_keys + 1;
    __VERIFIER_atomic_end();
    return 0;
}

int pthread_key_delete(unsigned int key)
{
    (void)key;
    return 0;
}

#define __SCHEDMC_TSD_IS(n) \
    (__schedmc_tsd_used##n && __schedmc_tsd_key##n == key && __schedmc_tsd_thread##n == self)

#define __SCHEDMC_TSD_GET(current)              \
    unsigned long self = current();               \
    void *v = __null;                             \
    __VERIFIER_atomic_begin();                    \
    if (__SCHEDMC_TSD_IS(0))                      \
        v = __schedmc_tsd_value0;                 \
    else if (__SCHEDMC_TSD_IS(1))                 \
        v = __schedmc_tsd_value1;                 \
    else if (__SCHEDMC_TSD_IS(2))                 \
        v = __schedmc_tsd_value2;                 \
    else if (__SCHEDMC_TSD_IS(3))                 \
        v = __schedmc_tsd_value3;                 \
    __VERIFIER_atomic_end();

void *pthread_getspecific(unsigned int key)
{
    __SCHEDMC_TSD_GET(pthread_self)
    return v;
}

#define __SCHEDMC_TSD_NEW(n)                 \
    {                                        \
        __schedmc_tsd_used##n = 1;           \
        __schedmc_tsd_key##n = key;          \
        __schedmc_tsd_thread##n = self;      \
        __schedmc_tsd_value##n = (void *)value; \
    }

/* Sets the caller's value of the key (an entry is made at the first set); `bad` is the
   result for a key that was not created. */
#define __SCHEDMC_TSD_SET(current, bad)                                      \
    unsigned long self = current();                                          \
    if (key >= __schedmc_tsd_keys)                                           \
        return bad;                                                          \
    __VERIFIER_atomic_begin();                                               \
    if (__SCHEDMC_TSD_IS(0))                                                 \
        __schedmc_tsd_value0 = (void *)value;                                \
    else if (__SCHEDMC_TSD_IS(1))                                            \
        __schedmc_tsd_value1 = (void *)value;                                \
    else if (__SCHEDMC_TSD_IS(2))                                            \
        __schedmc_tsd_value2 = (void *)value;                                \
    else if (__SCHEDMC_TSD_IS(3))                                            \
        __schedmc_tsd_value3 = (void *)value;                                \
    else if (!__schedmc_tsd_used0)                                           \
        __SCHEDMC_TSD_NEW(0)                                                 \
    else if (!__schedmc_tsd_used1)                                           \
        __SCHEDMC_TSD_NEW(1)                                                 \
    else if (!__schedmc_tsd_used2)                                           \
        __SCHEDMC_TSD_NEW(2)                                                 \
    else if (!__schedmc_tsd_used3)                                           \
        __SCHEDMC_TSD_NEW(3)                                                 \
    else                                                                     \
        __schedmc_unsupported("more than four thread-specific values");      \
    __VERIFIER_atomic_end();

int pthread_setspecific(unsigned int key, const void *value)
{
    __SCHEDMC_TSD_SET(pthread_self, 22) /* EINVAL */
    return 0;
}

/* C11 <threads.h>: tss_t is a key as pthread_key_t (thrd_success 0, thrd_error 2). */
int tss_create(unsigned int *key, void (*dtor)(void *))
{
    if (dtor != __null)
        __schedmc_unsupported("tss_create with a destructor (destructors are not run)");
    __VERIFIER_atomic_begin();
    *key = __schedmc_tsd_keys;
    __schedmc_tsd_keys = __schedmc_tsd_keys + 1;
    __VERIFIER_atomic_end();
    return 0;
}

void tss_delete(unsigned int key) { (void)key; }

void *tss_get(unsigned int key)
{
    __SCHEDMC_TSD_GET(thrd_current)
    return v;
}

int tss_set(unsigned int key, void *value)
{
    __SCHEDMC_TSD_SET(thrd_current, 2)
    return 0;
}
