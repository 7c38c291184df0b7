/* stdint.h -- schedmc's fixed-width integer types and their limits. The types follow the
   target through __SIZEOF_INT__, __SIZEOF_LONG__ and __SIZEOF_POINTER__ (defined by schedmc
   from the target profile, e.g. int is 16 bits on avr); ILP32 when they are not defined. */
#ifndef __SCHEDMC_STDINT_H
#define __SCHEDMC_STDINT_H

#ifdef __SIZEOF_INT__
#define __SCHEDMC_SZ_INT __SIZEOF_INT__
#else
#define __SCHEDMC_SZ_INT 4
#endif
#ifdef __SIZEOF_LONG__
#define __SCHEDMC_SZ_LONG __SIZEOF_LONG__
#else
#define __SCHEDMC_SZ_LONG 4
#endif
#ifdef __SIZEOF_POINTER__
#define __SCHEDMC_SZ_PTR __SIZEOF_POINTER__
#else
#define __SCHEDMC_SZ_PTR 4
#endif

typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
#if __SCHEDMC_SZ_INT == 4
typedef int int32_t;
typedef unsigned int uint32_t;
#else
typedef long int32_t;
typedef unsigned long uint32_t;
#endif
#if __SCHEDMC_SZ_LONG == 8
typedef long int64_t;
typedef unsigned long uint64_t;
#else
typedef long long int64_t;
typedef unsigned long long uint64_t;
#endif

typedef int8_t int_least8_t;
typedef uint8_t uint_least8_t;
typedef int16_t int_least16_t;
typedef uint16_t uint_least16_t;
typedef int32_t int_least32_t;
typedef uint32_t uint_least32_t;
typedef int64_t int_least64_t;
typedef uint64_t uint_least64_t;
typedef int8_t int_fast8_t;
typedef uint8_t uint_fast8_t;
typedef int16_t int_fast16_t;
typedef uint16_t uint_fast16_t;
typedef int32_t int_fast32_t;
typedef uint32_t uint_fast32_t;
typedef int64_t int_fast64_t;
typedef uint64_t uint_fast64_t;

#if __SCHEDMC_SZ_PTR == 2
typedef int16_t intptr_t;
typedef uint16_t uintptr_t;
#define INTPTR_MIN (-32767 - 1)
#define INTPTR_MAX 32767
#define UINTPTR_MAX 65535U
#elif __SCHEDMC_SZ_PTR == 4
typedef int32_t intptr_t;
typedef uint32_t uintptr_t;
#define INTPTR_MIN (-2147483647 - 1)
#define INTPTR_MAX 2147483647
#define UINTPTR_MAX 4294967295U
#else
typedef int64_t intptr_t;
typedef uint64_t uintptr_t;
#define INTPTR_MIN (-9223372036854775807LL - 1)
#define INTPTR_MAX 9223372036854775807LL
#define UINTPTR_MAX 18446744073709551615ULL
#endif

typedef int64_t intmax_t;
typedef uint64_t uintmax_t;

#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32767 - 1)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647L - 1)
#define INT32_MAX 2147483647L
#define UINT32_MAX 4294967295UL
#define INT64_MIN (-9223372036854775807LL - 1)
#define INT64_MAX 9223372036854775807LL
#define UINT64_MAX 18446744073709551615ULL

#define INT_LEAST8_MIN INT8_MIN
#define INT_LEAST8_MAX INT8_MAX
#define UINT_LEAST8_MAX UINT8_MAX
#define INT_LEAST16_MIN INT16_MIN
#define INT_LEAST16_MAX INT16_MAX
#define UINT_LEAST16_MAX UINT16_MAX
#define INT_LEAST32_MIN INT32_MIN
#define INT_LEAST32_MAX INT32_MAX
#define UINT_LEAST32_MAX UINT32_MAX
#define INT_LEAST64_MIN INT64_MIN
#define INT_LEAST64_MAX INT64_MAX
#define UINT_LEAST64_MAX UINT64_MAX
#define INT_FAST8_MIN INT8_MIN
#define INT_FAST8_MAX INT8_MAX
#define UINT_FAST8_MAX UINT8_MAX
#define INT_FAST16_MIN INT16_MIN
#define INT_FAST16_MAX INT16_MAX
#define UINT_FAST16_MAX UINT16_MAX
#define INT_FAST32_MIN INT32_MIN
#define INT_FAST32_MAX INT32_MAX
#define UINT_FAST32_MAX UINT32_MAX
#define INT_FAST64_MIN INT64_MIN
#define INT_FAST64_MAX INT64_MAX
#define UINT_FAST64_MAX UINT64_MAX

#define INTMAX_MIN INT64_MIN
#define INTMAX_MAX INT64_MAX
#define UINTMAX_MAX UINT64_MAX

#define PTRDIFF_MIN INTPTR_MIN
#define PTRDIFF_MAX INTPTR_MAX
#define SIZE_MAX UINTPTR_MAX

#define INT8_C(c) c
#define UINT8_C(c) c
#define INT16_C(c) c
#define UINT16_C(c) c
#if __SCHEDMC_SZ_INT == 4
#define INT32_C(c) c
#define UINT32_C(c) c ## U
#else
#define INT32_C(c) c ## L
#define UINT32_C(c) c ## UL
#endif
#define INT64_C(c) c ## LL
#define UINT64_C(c) c ## ULL
#define INTMAX_C(c) c ## LL
#define UINTMAX_C(c) c ## ULL

#endif
