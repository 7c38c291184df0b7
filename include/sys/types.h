/* sys/types.h -- schedmc's minimal <sys/types.h>. */
#ifndef __SCHEDMC_SYS_TYPES_H
#define __SCHEDMC_SYS_TYPES_H
#include <stddef.h>
typedef ptrdiff_t ssize_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef long off_t;
typedef unsigned int mode_t;
typedef unsigned long useconds_t;
#ifndef __SCHEDMC_TIME_T_DEFINED
#define __SCHEDMC_TIME_T_DEFINED
typedef long time_t;
#endif
#endif
