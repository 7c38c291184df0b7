/* stdlib.c -- schedmc's models of <stdlib.h>'s integer functions: abs/labs/llabs, div/ldiv/lldiv, the string
   conversions (strtol and friends as in the C standard: leading white space, sign, base
   prefix, saturation at the type's limits and errno = ERANGE on overflow, as glibc), atoi/atol/atoll
   (strtol's result converted, as glibc does), rand/srand (rand is nondeterministic in
   [0, RAND_MAX]), and qsort/bsearch through the program's comparator. */
#include "__schedmc_libc_common.h"

int errno;

#define __ULONG_MAX (__LONG_MAX__ * 2UL + 1UL)
#define __ULLONG_MAX (__LONG_LONG_MAX__ * 2ULL + 1ULL)

/* div_t, ldiv_t and lldiv_t as <stdlib.h> declares them */
struct __schedmc_div {
    int quot;
    int rem;
};
struct __schedmc_ldiv {
    long quot;
    long rem;
};
struct __schedmc_lldiv {
    long long quot;
    long long rem;
};

int abs(int j) { return j < 0 ? -j : j; }
long labs(long j) { return j < 0 ? -j : j; }
long long llabs(long long j) { return j < 0 ? -j : j; }

int rand(void)
{
    int r = __VERIFIER_nondet_int();
    __VERIFIER_assume(r >= 0 && r <= 2147483647);
    return r;
}

void srand(unsigned int seed) { (void)seed; }

/* div and friends: C's truncating division (the quotient rounds toward zero). */
struct __schedmc_div div(int numer, int denom)
{
    struct __schedmc_div r;
    r.quot = numer / denom;
    r.rem = numer % denom;
    return r;
}

struct __schedmc_ldiv ldiv(long numer, long denom)
{
    struct __schedmc_ldiv r;
    r.quot = numer / denom;
    r.rem = numer % denom;
    return r;
}

struct __schedmc_lldiv lldiv(long long numer, long long denom)
{
    struct __schedmc_lldiv r;
    r.quot = numer / denom;
    r.rem = numer % denom;
    return r;
}

/* Parses the number at nptr: sets neg, ovf (the magnitude exceeded lim) and the end pointer;
   the magnitude (at most lim) is left in acc. */
#define __SCHEDMC_STRTO(UT, lim)                                                               \
    __size i = 0;                                                                              \
    int neg = 0, ovf = 0, any = 0;                                                             \
    UT acc = 0;                                                                                \
    while (nptr[i] == ' ' || (nptr[i] >= '\t' && nptr[i] <= '\r'))                           \
        i++;                                                                                   \
    if (nptr[i] == '-') {                                                                      \
        neg = 1;                                                                               \
        i++;                                                                                   \
    } else if (nptr[i] == '+') {                                                               \
        i++;                                                                                   \
    }                                                                                          \
    if ((base == 0 || base == 16) && nptr[i] == '0' && (nptr[i + 1] == 'x' || nptr[i + 1] == 'X') \
        && ((nptr[i + 2] >= '0' && nptr[i + 2] <= '9') || (nptr[i + 2] >= 'a' && nptr[i + 2] <= 'f') \
            || (nptr[i + 2] >= 'A' && nptr[i + 2] <= 'F'))) {                                  \
        base = 16;                                                                             \
        i += 2;                                                                                \
    } else if (base == 0) {                                                                    \
        base = nptr[i] == '0' ? 8 : 10;                                                        \
    }                                                                                          \
    if (base >= 2 && base <= 36) {                                                             \
        for (;;) {                                                                             \
            int c = nptr[i];                                                                   \
            int d;                                                                             \
            if (c >= '0' && c <= '9')                                                          \
                d = c - '0';                                                                   \
            else if (c >= 'a' && c <= 'z')                                                     \
                d = c - 'a' + 10;                                                              \
            else if (c >= 'A' && c <= 'Z')                                                     \
                d = c - 'A' + 10;                                                              \
            else                                                                               \
                break;                                                                         \
            if (d >= base)                                                                     \
                break;                                                                         \
            any = 1;                                                                           \
            if (!ovf) {                                                                        \
                if (acc > ((lim) - (UT)d) / (UT)base)                                          \
                    ovf = 1;                                                                   \
                else                                                                           \
                    acc = acc * (UT)base + (UT)d;                                              \
            }                                                                                  \
            i++;                                                                               \
        }                                                                                      \
    }                                                                                          \
    if (endptr != __null)                                                                      \
        *endptr = (char *)(any ? nptr + i : nptr);

long strtol(const char *nptr, char **endptr, int base)
{
    __SCHEDMC_STRTO(unsigned long, __ULONG_MAX)
    if (!any)
        return 0;
    if (neg) {
        if (ovf || acc > (unsigned long)__LONG_MAX__ + 1UL) {
            errno = 34; /* ERANGE */
            return -__LONG_MAX__ - 1L;
        }
        return (long)(0UL - acc);
    }
    if (ovf || acc > (unsigned long)__LONG_MAX__) {
        errno = 34; /* ERANGE */
        return __LONG_MAX__;
    }
    return (long)acc;
}

long long strtoll(const char *nptr, char **endptr, int base)
{
    __SCHEDMC_STRTO(unsigned long long, __ULLONG_MAX)
    if (!any)
        return 0;
    if (neg) {
        if (ovf || acc > (unsigned long long)__LONG_LONG_MAX__ + 1ULL) {
            errno = 34; /* ERANGE */
            return -__LONG_LONG_MAX__ - 1LL;
        }
        return (long long)(0ULL - acc);
    }
    if (ovf || acc > (unsigned long long)__LONG_LONG_MAX__) {
        errno = 34; /* ERANGE */
        return __LONG_LONG_MAX__;
    }
    return (long long)acc;
}

unsigned long strtoul(const char *nptr, char **endptr, int base)
{
    __SCHEDMC_STRTO(unsigned long, __ULONG_MAX)
    if (!any)
        return 0;
    if (ovf) {
        errno = 34; /* ERANGE */
        return __ULONG_MAX;
    }
    return neg ? 0UL - acc : acc;
}

unsigned long long strtoull(const char *nptr, char **endptr, int base)
{
    __SCHEDMC_STRTO(unsigned long long, __ULLONG_MAX)
    if (!any)
        return 0;
    if (ovf) {
        errno = 34; /* ERANGE */
        return __ULLONG_MAX;
    }
    return neg ? 0ULL - acc : acc;
}

/* atoi and friends: glibc's (int)strtol(nptr, NULL, 10). */
#define __SCHEDMC_ATO(T, UT, lim, max)                                                         \
    char **endptr = __null;                                                                    \
    int base = 10;                                                                             \
    __SCHEDMC_STRTO(UT, lim)                                                                   \
    if (!any)                                                                                  \
        return 0;                                                                              \
    if (neg) {                                                                                 \
        if (ovf || acc > (UT)(max) + 1) {                                                      \
            errno = 34;                                                                        \
            return (T)(-(max) - 1);                                                            \
        }                                                                                      \
        return (T)(0 - acc);                                                                   \
    }                                                                                          \
    if (ovf || acc > (UT)(max)) {                                                              \
        errno = 34;                                                                            \
        return (T)(max);                                                                       \
    }                                                                                          \
    return (T)acc;

int atoi(const char *nptr) { __SCHEDMC_ATO(int, unsigned long, __ULONG_MAX, __LONG_MAX__) }
long atol(const char *nptr) { __SCHEDMC_ATO(long, unsigned long, __ULONG_MAX, __LONG_MAX__) }
long long atoll(const char *nptr)
{
    __SCHEDMC_ATO(long long, unsigned long long, __ULLONG_MAX, __LONG_LONG_MAX__)
}

/* qsort: an insertion sort through the program's comparator (called through the function
   pointer, which the lowering resolves at the inlined call). The C standard leaves the order
   of elements that compare equal unspecified, so at each comparison that returns 0 the model
   chooses nondeterministically whether to move past the equal element: every order of equal
   elements is reachable, none is assumed. Elements are swapped byte by byte. */
void qsort(void *base, __size nmemb, __size size, int (*compar)(const void *, const void *))
{
    unsigned char *p = (unsigned char *)base;
    __size i, j, k;
    for (i = 1; i < nmemb; i++) {
        for (j = i; j > 0; j--) {
            unsigned char *a = p + (j - 1) * size;
            unsigned char *b = p + j * size;
            int c = compar(a, b);
            if (c < 0 || (c == 0 && __VERIFIER_nondet_int()))
                break;
            for (k = 0; k < size; k++) {
                unsigned char t = a[k];
                a[k] = b[k];
                b[k] = t;
            }
        }
    }
}

/* bsearch: glibc's binary search (middle element (lo + hi) / 2, key passed first); with
   several elements equal to the key it returns the one glibc's search meets first. */
void *bsearch(const void *key, const void *base, __size nmemb, __size size,
              int (*compar)(const void *, const void *))
{
    const unsigned char *p = (const unsigned char *)base;
    __size lo = 0, hi = nmemb;
    while (lo < hi) {
        __size mid = (lo + hi) / 2;
        const unsigned char *e = p + mid * size;
        int c = compar(key, e);
        if (c == 0)
            return (void *)e;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return __null;
}
