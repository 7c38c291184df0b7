/* time.c -- schedmc's models of <time.h> and of the bit-scanning functions (<strings.h>'s
   ffs family, GCC's __builtin_clz/ctz/popcount/parity/ffs families).

   The clock is an input: time() and timespec_get() return nondeterministic values (time()
   stores the value it returns). The calendar is not modelled: gmtime, localtime (and their
   _r forms), mktime, asctime, ctime and strftime produce fields and text in the ranges the
   standard gives, each value obtained from __schedmc_calendar(), a reserved function without
   a body: its values are havocked, and a counterexample through it is reported as UNKNOWN
   (depends on unmodelled function __schedmc_calendar), so these models prove properties that
   hold for every calendar value and never claim a failure that may need impossible values.
   The same holds for __schedmc_undefined(), the value of a built-in whose result is undefined
   (__builtin_clz(0), __builtin_ctz(0)). Pointer arguments are read, so a null argument is the
   null dereference of the real function. The bit-scanning functions are exact. */
#include "__schedmc_libc_common.h"

struct tm {
    int tm_sec;
    int tm_min;
    int tm_hour;
    int tm_mday;
    int tm_mon;
    int tm_year;
    int tm_wday;
    int tm_yday;
    int tm_isdst;
};
struct timespec {
    long tv_sec;
    long tv_nsec;
};

int __schedmc_calendar(void);
int __schedmc_undefined(void);
int __VERIFIER_nondet_int(void);
long __VERIFIER_nondet_long(void);
void __VERIFIER_assume(int);

static struct tm __schedmc_tm;
static char __schedmc_asctime_buf[26];

/* fills *p with calendar fields in their ranges */
#define __SCHEDMC_FILL_TM(p)                                                         \
    do {                                                                             \
        (p)->tm_sec = __schedmc_calendar();                                          \
        __VERIFIER_assume((p)->tm_sec >= 0 && (p)->tm_sec <= 60);                    \
        (p)->tm_min = __schedmc_calendar();                                          \
        __VERIFIER_assume((p)->tm_min >= 0 && (p)->tm_min <= 59);                    \
        (p)->tm_hour = __schedmc_calendar();                                         \
        __VERIFIER_assume((p)->tm_hour >= 0 && (p)->tm_hour <= 23);                  \
        (p)->tm_mday = __schedmc_calendar();                                         \
        __VERIFIER_assume((p)->tm_mday >= 1 && (p)->tm_mday <= 31);                  \
        (p)->tm_mon = __schedmc_calendar();                                          \
        __VERIFIER_assume((p)->tm_mon >= 0 && (p)->tm_mon <= 11);                    \
        (p)->tm_year = __schedmc_calendar();                                         \
        (p)->tm_wday = __schedmc_calendar();                                         \
        __VERIFIER_assume((p)->tm_wday >= 0 && (p)->tm_wday <= 6);                   \
        (p)->tm_yday = __schedmc_calendar();                                         \
        __VERIFIER_assume((p)->tm_yday >= 0 && (p)->tm_yday <= 365);                 \
        (p)->tm_isdst = __schedmc_calendar();                                        \
    } while (0)

/* fills the first 24 bytes of s with printable text, then "\n" and the NUL */
#define __SCHEDMC_FILL_ASCTIME(s)                                                    \
    do {                                                                             \
        int __i;                                                                     \
        for (__i = 0; __i < 24; __i++) {                                             \
            int __c = __schedmc_calendar();                                          \
            __VERIFIER_assume(__c >= 32 && __c < 127);                               \
            (s)[__i] = (char)__c;                                                    \
        }                                                                            \
        (s)[24] = '\n';                                                              \
        (s)[25] = 0;                                                                 \
    } while (0)

long time(long *t) {
    long r = __VERIFIER_nondet_long();
    if (t)
        *t = r;
    return r;
}

int timespec_get(struct timespec *ts, int base) {
    struct timespec v = *ts;
    (void)v;
    if (base != 1)
        return 0;
    ts->tv_sec = __VERIFIER_nondet_long();
    ts->tv_nsec = __VERIFIER_nondet_long();
    __VERIFIER_assume(ts->tv_nsec >= 0 && ts->tv_nsec <= 999999999);
    return base;
}

struct tm *gmtime(const long *t) {
    long v = *t;
    (void)v;
    if (__schedmc_calendar())
        return __null;
    __SCHEDMC_FILL_TM(&__schedmc_tm);
    __schedmc_tm.tm_isdst = 0;
    return &__schedmc_tm;
}

struct tm *localtime(const long *t) {
    long v = *t;
    (void)v;
    if (__schedmc_calendar())
        return __null;
    __SCHEDMC_FILL_TM(&__schedmc_tm);
    return &__schedmc_tm;
}

struct tm *gmtime_r(const long *t, struct tm *res) {
    long v = *t;
    (void)v;
    if (__schedmc_calendar())
        return __null;
    __SCHEDMC_FILL_TM(res);
    res->tm_isdst = 0;
    return res;
}

struct tm *localtime_r(const long *t, struct tm *res) {
    long v = *t;
    (void)v;
    if (__schedmc_calendar())
        return __null;
    __SCHEDMC_FILL_TM(res);
    return res;
}

long mktime(struct tm *tm) {
    struct tm v = *tm;
    (void)v;
    if (__schedmc_calendar())
        return -1;
    __SCHEDMC_FILL_TM(tm);
    return (long)__schedmc_calendar();
}

char *asctime(const struct tm *tm) {
    struct tm v = *tm;
    (void)v;
    __SCHEDMC_FILL_ASCTIME(__schedmc_asctime_buf);
    return __schedmc_asctime_buf;
}

char *ctime(const long *t) {
    long v = *t;
    (void)v;
    if (__schedmc_calendar())
        return __null;
    __SCHEDMC_FILL_ASCTIME(__schedmc_asctime_buf);
    return __schedmc_asctime_buf;
}

__size strftime(char *s, __size max, const char *format, const struct tm *tm) {
    char f = *format;
    struct tm v = *tm;
    int n;
    int i;
    (void)f;
    (void)v;
    n = __schedmc_calendar();
    __VERIFIER_assume(n >= 0 && (__size)n < max);
    if (n == 0 && __schedmc_calendar())
        return 0;
    for (i = 0; i < n; i++) {
        int c = __schedmc_calendar();
        __VERIFIER_assume(c > 0 && c < 256);
        s[i] = (char)c;
    }
    s[i] = 0;
    return (__size)n;
}

/* ---- bit scanning (loop-free: a binary search over the bits) ---- */

/* the number of trailing zero bits of a non-zero 64-bit value */
#define __SCHEDMC_CTZ64(u, n)                                                        \
    do {                                                                             \
        n = 0;                                                                       \
        if ((u & 0xffffffffull) == 0) { n += 32; u >>= 32; }                         \
        if ((u & 0xffffull) == 0) { n += 16; u >>= 16; }                             \
        if ((u & 0xffull) == 0) { n += 8; u >>= 8; }                                 \
        if ((u & 0xfull) == 0) { n += 4; u >>= 4; }                                  \
        if ((u & 0x3ull) == 0) { n += 2; u >>= 2; }                                  \
        if ((u & 0x1ull) == 0) { n += 1; }                                           \
    } while (0)

/* the number of leading zero bits of a non-zero 64-bit value */
#define __SCHEDMC_CLZ64(u, n)                                                        \
    do {                                                                             \
        n = 0;                                                                       \
        if ((u >> 32) == 0) { n += 32; u <<= 32; }                                   \
        if ((u >> 48) == 0) { n += 16; u <<= 16; }                                   \
        if ((u >> 56) == 0) { n += 8; u <<= 8; }                                     \
        if ((u >> 60) == 0) { n += 4; u <<= 4; }                                     \
        if ((u >> 62) == 0) { n += 2; u <<= 2; }                                     \
        if ((u >> 63) == 0) { n += 1; }                                              \
    } while (0)

/* the number of set bits of a 64-bit value */
#define __SCHEDMC_POPCOUNT64(u)                                                      \
    do {                                                                             \
        u = u - ((u >> 1) & 0x5555555555555555ull);                                  \
        u = (u & 0x3333333333333333ull) + ((u >> 2) & 0x3333333333333333ull);        \
        u = (u + (u >> 4)) & 0x0f0f0f0f0f0f0f0full;                                  \
        u = (u * 0x0101010101010101ull) >> 56;                                       \
    } while (0)

#define __SCHEDMC_FFS_BODY(x)                                                        \
    unsigned long long u = (x);                                                      \
    int n;                                                                           \
    if (u == 0)                                                                      \
        return 0;                                                                    \
    __SCHEDMC_CTZ64(u, n);                                                           \
    return n + 1

#define __SCHEDMC_CTZ_BODY(x)                                                        \
    unsigned long long u = (x);                                                      \
    int n;                                                                           \
    if (u == 0)                                                                      \
        return __schedmc_undefined();                                                \
    __SCHEDMC_CTZ64(u, n);                                                           \
    return n

#define __SCHEDMC_CLZ_BODY(x, bits)                                                  \
    unsigned long long u = (x);                                                      \
    int n;                                                                           \
    if (u == 0)                                                                      \
        return __schedmc_undefined();                                                \
    __SCHEDMC_CLZ64(u, n);                                                           \
    return n - (64 - (int)(bits))

#define __SCHEDMC_POPCOUNT_BODY(x)                                                   \
    unsigned long long u = (x);                                                      \
    __SCHEDMC_POPCOUNT64(u);                                                         \
    return (int)u

int ffs(int i) { __SCHEDMC_FFS_BODY((unsigned int)i); }
int ffsl(long i) { __SCHEDMC_FFS_BODY((unsigned long)i); }
int ffsll(long long i) { __SCHEDMC_FFS_BODY((unsigned long long)i); }
int __builtin_ffs(int i) { __SCHEDMC_FFS_BODY((unsigned int)i); }
int __builtin_ffsl(long i) { __SCHEDMC_FFS_BODY((unsigned long)i); }
int __builtin_ffsll(long long i) { __SCHEDMC_FFS_BODY((unsigned long long)i); }
int __builtin_ctz(unsigned int x) { __SCHEDMC_CTZ_BODY(x); }
int __builtin_ctzl(unsigned long x) { __SCHEDMC_CTZ_BODY(x); }
int __builtin_ctzll(unsigned long long x) { __SCHEDMC_CTZ_BODY(x); }
int __builtin_clz(unsigned int x) { __SCHEDMC_CLZ_BODY(x, sizeof(unsigned int) * 8); }
int __builtin_clzl(unsigned long x) { __SCHEDMC_CLZ_BODY(x, sizeof(unsigned long) * 8); }
int __builtin_clzll(unsigned long long x) { __SCHEDMC_CLZ_BODY(x, 64); }
int __builtin_popcount(unsigned int x) { __SCHEDMC_POPCOUNT_BODY(x); }
int __builtin_popcountl(unsigned long x) { __SCHEDMC_POPCOUNT_BODY(x); }
int __builtin_popcountll(unsigned long long x) { __SCHEDMC_POPCOUNT_BODY(x); }
int __builtin_parity(unsigned int x) { __SCHEDMC_POPCOUNT_BODY(x) & 1; }
int __builtin_parityl(unsigned long x) { __SCHEDMC_POPCOUNT_BODY(x) & 1; }
int __builtin_parityll(unsigned long long x) { __SCHEDMC_POPCOUNT_BODY(x) & 1; }
