/* stddef.h -- schedmc's size_t, ptrdiff_t, wchar_t, NULL and offsetof. The widths follow the
   target through __SIZEOF_INT__, __SIZEOF_LONG__, __SIZEOF_POINTER__ (defined by schedmc from
   the target profile; ILP32 when they are not defined). */
#ifndef __SCHEDMC_STDDEF_H
#define __SCHEDMC_STDDEF_H

#ifndef __SCHEDMC_SIZE_T_DEFINED
#define __SCHEDMC_SIZE_T_DEFINED
#if defined(__SIZE_TYPE__)
typedef __SIZE_TYPE__ size_t;
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8 && defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
typedef unsigned long size_t;
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
typedef unsigned long long size_t;
#elif defined(__SIZEOF_POINTER__) && defined(__SIZEOF_INT__) && __SIZEOF_POINTER__ != __SIZEOF_INT__
typedef unsigned long size_t;
#else
typedef unsigned int size_t;
#endif
#endif

#ifndef __SCHEDMC_PTRDIFF_T_DEFINED
#define __SCHEDMC_PTRDIFF_T_DEFINED
#if defined(__PTRDIFF_TYPE__)
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8 && defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
typedef long ptrdiff_t;
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
typedef long long ptrdiff_t;
#elif defined(__SIZEOF_POINTER__) && defined(__SIZEOF_INT__) && __SIZEOF_POINTER__ != __SIZEOF_INT__
typedef long ptrdiff_t;
#else
typedef int ptrdiff_t;
#endif
#endif

#ifndef __SCHEDMC_WCHAR_T_DEFINED
#define __SCHEDMC_WCHAR_T_DEFINED
#if defined(__WCHAR_TYPE__)
typedef __WCHAR_TYPE__ wchar_t;
#else
typedef int wchar_t;
#endif
#endif

#ifndef NULL
#define NULL ((void *)0)
#endif

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif
