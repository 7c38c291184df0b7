/* errno.h -- schedmc's <errno.h>: errno is one global int, zero at program start (C11 7.5),
   set by strtol and friends on overflow (ERANGE); the usual Linux error numbers. */
#ifndef __SCHEDMC_ERRNO_H
#define __SCHEDMC_ERRNO_H
int errno; /* a tentative definition: zero unless the program sets it */
#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define E2BIG 7
#define ENOEXEC 8
#define EBADF 9
#define ECHILD 10
#define EAGAIN 11
#define ENOMEM 12
#define EACCES 13
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define ENODEV 19
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENFILE 23
#define EMFILE 24
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EPIPE 32
#define EDOM 33
#define ERANGE 34
#define EDEADLK 35
#define ENOSYS 38
#define ETIMEDOUT 110
#define EWOULDBLOCK EAGAIN
#endif
