/* sys/select.h -- schedmc's <sys/select.h>: fd_set and its macros as glibc defines them
   (an array of long bit masks, FD_SETSIZE 1024), struct timeval, select (no model). */
#ifndef __SCHEDMC_SYS_SELECT_H
#define __SCHEDMC_SYS_SELECT_H
#include <sys/types.h>
#include <time.h>

#ifndef __SCHEDMC_TIMEVAL_DEFINED
#define __SCHEDMC_TIMEVAL_DEFINED
typedef long suseconds_t;
struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};
#endif

typedef long int __fd_mask;
#define FD_SETSIZE 1024
#define __NFDBITS (8 * (int)sizeof(__fd_mask))
#define NFDBITS __NFDBITS
typedef struct {
    __fd_mask __fds_bits[FD_SETSIZE / __NFDBITS];
} fd_set;
typedef __fd_mask fd_mask;
#define __FD_ELT(d) ((d) / __NFDBITS)
#define __FD_MASK(d) ((__fd_mask)(1UL << ((d) % __NFDBITS)))
#define FD_ZERO(set) ((void)__builtin_memset((set), 0, sizeof(fd_set)))
#define FD_SET(d, set) ((void)((set)->__fds_bits[__FD_ELT(d)] |= __FD_MASK(d)))
#define FD_CLR(d, set) ((void)((set)->__fds_bits[__FD_ELT(d)] &= ~__FD_MASK(d)))
#define FD_ISSET(d, set) (((set)->__fds_bits[__FD_ELT(d)] & __FD_MASK(d)) != 0)

int select(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
           struct timeval *timeout);
int pselect(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
            const struct timespec *timeout, const void *sigmask);
#endif
