/* common.h -- shared by schedmc's C library models (include/libc/*.c): the target's size_t
   and friends as macros (the models' definitions are linked into programs that may not have
   included <stddef.h>, so they use no typedef names). */
#ifndef __SCHEDMC_LIBC_COMMON_H
#define __SCHEDMC_LIBC_COMMON_H
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8 && defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
#define __size unsigned long
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
#define __size unsigned long long
#elif defined(__SIZEOF_POINTER__) && defined(__SIZEOF_INT__) && __SIZEOF_POINTER__ != __SIZEOF_INT__
#define __size unsigned long
#else
#define __size unsigned int
#endif
#define __null ((void *)0)
#endif
