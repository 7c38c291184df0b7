/* math.c -- schedmc's models of <math.h>'s rounding functions and fmin/fmax, exact for IEEE
   binary64 (double) and binary32 (float) in round-to-nearest, as glibc on x86-64 computes them:
   trunc/floor/ceil/round (and their f forms) through the conversion to an integer, which is
   exact below 2^52 (2^23 for float), where every larger finite value is already integral; the
   sign of a zero result is the argument's (floor(-0.5) is -1, ceil(-0.5) is -0, round(-0.4) is
   -0); NaN comes back quieted (x + x), infinities unchanged. round rounds half away from zero
   (x - trunc(x) is exact). fmin/fmax return the other operand when one is NaN, and y when the
   operands compare equal (fmin(-0.0, 0.0) is 0.0, as glibc's minsd-based code gives; C leaves
   the sign of a zero result unspecified and GCC may swap the operands). sqrt,
   fabs, copysign and the classification macros are built into the front end; the other
   functions of <math.h> have no model (a counterexample through one is UNKNOWN). */

#define __TWO52 4503599627370496.0
#define __TWO23F 8388608.0f

double trunc(double x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabs(x) < __TWO52))
        return x;
    return __builtin_copysign((double)(long long)x, x);
}

double floor(double x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabs(x) < __TWO52))
        return x;
    double t = __builtin_copysign((double)(long long)x, x);
    return t > x ? t - 1.0 : t;
}

double ceil(double x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabs(x) < __TWO52))
        return x;
    double t = __builtin_copysign((double)(long long)x, x);
    return t < x ? t + 1.0 : t;
}

double round(double x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabs(x) < __TWO52))
        return x;
    double t = __builtin_copysign((double)(long long)x, x);
    return __builtin_fabs(x - t) >= 0.5 ? t + __builtin_copysign(1.0, x) : t;
}

float truncf(float x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabsf(x) < __TWO23F))
        return x;
    return __builtin_copysignf((float)(int)x, x);
}

float floorf(float x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabsf(x) < __TWO23F))
        return x;
    float t = __builtin_copysignf((float)(int)x, x);
    return t > x ? t - 1.0f : t;
}

float ceilf(float x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabsf(x) < __TWO23F))
        return x;
    float t = __builtin_copysignf((float)(int)x, x);
    return t < x ? t + 1.0f : t;
}

float roundf(float x) {
    if (x != x)
        return x + x;
    if (!(__builtin_fabsf(x) < __TWO23F))
        return x;
    float t = __builtin_copysignf((float)(int)x, x);
    return __builtin_fabsf(x - t) >= 0.5f ? t + __builtin_copysignf(1.0f, x) : t;
}

double fmin(double x, double y) {
    if (x != x)
        return y;
    if (y != y)
        return x;
    return x < y ? x : y;
}

double fmax(double x, double y) {
    if (x != x)
        return y;
    if (y != y)
        return x;
    return x > y ? x : y;
}

float fminf(float x, float y) {
    if (x != x)
        return y;
    if (y != y)
        return x;
    return x < y ? x : y;
}

float fmaxf(float x, float y) {
    if (x != x)
        return y;
    if (y != y)
        return x;
    return x > y ? x : y;
}
