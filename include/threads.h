/* threads.h -- schedmc's C11 <threads.h>: types, constants and prototypes. The pthread
   scheduler description maps thrd_create/thrd_join/thrd_exit/thrd_current, mtx_* and cnd_*
   onto its actions; call_once and tss_* have C models (include/libc/pthread.c, as pthread_once
   and thread-specific keys); a call to another unmapped C11 thread function (thrd_sleep,
   mtx_timedlock, ...) is unmodelled (see --unknown-functions). */
#ifndef __SCHEDMC_THREADS_H
#define __SCHEDMC_THREADS_H
#include <time.h>

typedef unsigned long thrd_t;
typedef int (*thrd_start_t)(void *);
typedef int mtx_t;
typedef int cnd_t;
typedef unsigned int tss_t;
typedef void (*tss_dtor_t)(void *);
typedef int once_flag;
#define ONCE_FLAG_INIT 0
#define TSS_DTOR_ITERATIONS 4
#define thread_local _Thread_local

enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

int thrd_create(thrd_t *thr, thrd_start_t func, void *arg);
int thrd_join(thrd_t thr, int *res);
void thrd_exit(int res);
thrd_t thrd_current(void);
int thrd_detach(thrd_t thr);
int thrd_equal(thrd_t a, thrd_t b);
void thrd_yield(void);
int thrd_sleep(const struct timespec *duration, struct timespec *remaining);
int mtx_init(mtx_t *mtx, int type);
int mtx_lock(mtx_t *mtx);
int mtx_trylock(mtx_t *mtx);
int mtx_timedlock(mtx_t *mtx, const struct timespec *ts);
int mtx_unlock(mtx_t *mtx);
void mtx_destroy(mtx_t *mtx);
int cnd_init(cnd_t *cond);
int cnd_signal(cnd_t *cond);
int cnd_broadcast(cnd_t *cond);
int cnd_wait(cnd_t *cond, mtx_t *mtx);
int cnd_timedwait(cnd_t *cond, mtx_t *mtx, const struct timespec *ts);
void cnd_destroy(cnd_t *cond);
void call_once(once_flag *flag, void (*func)(void));
int tss_create(tss_t *key, tss_dtor_t dtor);
void *tss_get(tss_t key);
int tss_set(tss_t key, void *val);
void tss_delete(tss_t key);
#endif
