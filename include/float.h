/* float.h -- schedmc's floating-point limits (C11 5.2.4.2.2). float and double are IEEE 754
   binary32/binary64 (round to nearest, FLT_EVAL_METHOD 0: every operation in its own type);
   on a target whose double is 32 bits wide (avr) DBL_* are binary32's. LDBL_* are defined only
   where long double is double (x87's 80-bit long double is not modelled). Values written as
   hexadecimal constants, exact. */
#ifndef __SCHEDMC_FLOAT_H
#define __SCHEDMC_FLOAT_H
#define FLT_RADIX 2
#define FLT_ROUNDS 1
#define FLT_EVAL_METHOD 0
#define FLT_MANT_DIG 24
#define FLT_DIG 6
#define FLT_DECIMAL_DIG 9
#define FLT_MIN_EXP (-125)
#define FLT_MIN_10_EXP (-37)
#define FLT_MAX_EXP 128
#define FLT_MAX_10_EXP 38
#define FLT_MAX 0x1.fffffep+127F
#define FLT_MIN 0x1p-126F
#define FLT_TRUE_MIN 0x1p-149F
#define FLT_EPSILON 0x1p-23F
#define FLT_HAS_SUBNORM 1
#if defined(__SIZEOF_DOUBLE__) && __SIZEOF_DOUBLE__ == 4
#define DBL_MANT_DIG 24
#define DBL_DIG 6
#define DBL_DECIMAL_DIG 9
#define DBL_MIN_EXP (-125)
#define DBL_MIN_10_EXP (-37)
#define DBL_MAX_EXP 128
#define DBL_MAX_10_EXP 38
#define DBL_MAX ((double)0x1.fffffep+127)
#define DBL_MIN ((double)0x1p-126)
#define DBL_TRUE_MIN ((double)0x1p-149)
#define DBL_EPSILON ((double)0x1p-23)
#else
#define DBL_MANT_DIG 53
#define DBL_DIG 15
#define DBL_DECIMAL_DIG 17
#define DBL_MIN_EXP (-1021)
#define DBL_MIN_10_EXP (-307)
#define DBL_MAX_EXP 1024
#define DBL_MAX_10_EXP 308
#define DBL_MAX 0x1.fffffffffffffp+1023
#define DBL_MIN 0x1p-1022
#define DBL_TRUE_MIN 0x1p-1074
#define DBL_EPSILON 0x1p-52
#endif
#define DBL_HAS_SUBNORM 1
#if defined(__SIZEOF_LONG_DOUBLE__) && __SIZEOF_LONG_DOUBLE__ == __SIZEOF_DOUBLE__
#define LDBL_MANT_DIG DBL_MANT_DIG
#define LDBL_DIG DBL_DIG
#define LDBL_DECIMAL_DIG DBL_DECIMAL_DIG
#define LDBL_MIN_EXP DBL_MIN_EXP
#define LDBL_MIN_10_EXP DBL_MIN_10_EXP
#define LDBL_MAX_EXP DBL_MAX_EXP
#define LDBL_MAX_10_EXP DBL_MAX_10_EXP
#define LDBL_MAX ((long double)DBL_MAX)
#define LDBL_MIN ((long double)DBL_MIN)
#define LDBL_TRUE_MIN ((long double)DBL_TRUE_MIN)
#define LDBL_EPSILON ((long double)DBL_EPSILON)
#define LDBL_HAS_SUBNORM 1
#define DECIMAL_DIG DBL_DECIMAL_DIG
#endif
#endif
