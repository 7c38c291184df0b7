/* math.h -- schedmc's <math.h>: declarations and constants. float and double are IEEE 754
   binary32/binary64 (round to nearest); fabs, copysign, sqrt and the classification macros
   are modelled exactly (built-ins of the front end; sqrt correctly rounded), as are
   trunc/floor/ceil/round, fmin/fmax and their float forms (C models, include/libc/math.c);
   the other functions have no model: a call is an unknown function with a nondeterministic
   result, and a counterexample through one is UNKNOWN (it depends on the unmodelled function). */
#ifndef __SCHEDMC_MATH_H
#define __SCHEDMC_MATH_H
#define HUGE_VALF (__builtin_huge_valf())
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf(x)
#define isfinite(x) __builtin_isfinite(x)
#define signbit(x) __builtin_signbit(x)
#define isnormal(x) __builtin_isnormal(x)
/* glibc's class values */
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)
float copysignf(float x, float y);
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#define HUGE_VAL (__builtin_huge_val())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
double fabs(double x);
double sqrt(double x);
double pow(double x, double y);
double exp(double x);
double log(double x);
double log10(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double atan(double x);
double atan2(double y, double x);
double floor(double x);
double ceil(double x);
double round(double x);
double trunc(double x);
double fmod(double x, double y);
double fmin(double x, double y);
double fmax(double x, double y);
float fabsf(float x);
float sqrtf(float x);
double log2(double x);
double log1p(double x);
double exp2(double x);
double expm1(double x);
double cbrt(double x);
double hypot(double x, double y);
double asin(double x);
double acos(double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
double rint(double x);
double nearbyint(double x);
long lround(double x);
long lrint(double x);
double copysign(double x, double y);
double fdim(double x, double y);
double fma(double x, double y, double z);
double remainder(double x, double y);
double frexp(double x, int *e);
double ldexp(double x, int e);
double modf(double x, double *ip);
float powf(float x, float y);
float floorf(float x);
float ceilf(float x);
float roundf(float x);
float truncf(float x);
float logf(float x);
float log2f(float x);
float expf(float x);
float sinf(float x);
float cosf(float x);
float fmodf(float x, float y);
float fminf(float x, float y);
float fmaxf(float x, float y);
#endif
