/* format.c -- the conversions of printf-family calls whose format is a string literal,
   which src/frontend/format.rs specialises at their call sites: each call becomes a call
   of a generated function that writes the literal text and calls these helpers, one per
   conversion, with the flags, width and precision read from the format.

   Every helper appends to the output `o` at position `n`, stores a character only when
   `o` is not null and `n < cap` (sprintf: no limit; snprintf: size - 1; printf, fprintf:
   null, only counting), and returns the new count. Flags: 1 '-', 2 '+', 4 ' ', 8 '#',
   16 '0'; a negative precision is "none". The formatting follows C11 7.21.6.1. */
#include "__schedmc_libc_common.h"

#define __SCHEDMC_PUT(c)                                                                   \
    do {                                                                                   \
        if (o && (__size)n < cap)                                                          \
            o[n] = (char)(c);                                                              \
        n++;                                                                               \
    } while (0)

/* an unsigned magnitude `v` (with a '-' sign when `neg`) in base 8, 10 or 16 */
#define __SCHEDMC_FMT_UINT(NAME, T)                                                        \
    int NAME(char *o, __size cap, int n, T v, int neg, int base, int upper, int flags,    \
             int width, int prec)                                                          \
    {                                                                                      \
        T p = 1;                                                                           \
        T q = v;                                                                           \
        int nd = 1;                                                                        \
        while (q >= (T)base) {                                                             \
            q /= (T)base;                                                                  \
            p *= (T)base;                                                                  \
            nd++;                                                                          \
        }                                                                                  \
        if (prec == 0 && v == 0)                                                           \
            nd = 0;                                                                        \
        int zeros = prec > nd ? prec - nd : 0;                                             \
        if (base == 8 && (flags & 8) && zeros == 0 && !(v == 0 && nd == 1))                \
            zeros = 1;                                                                     \
        int sign = neg ? '-' : (flags & 2) ? '+' : (flags & 4) ? ' ' : 0;                  \
        int pre = (base == 16 && (flags & 8) && v != 0) ? 2 : 0;                           \
        int len = (sign != 0) + pre + zeros + nd;                                          \
        int pad = width > len ? width - len : 0;                                           \
        int zpad = (flags & 16) && !(flags & 1) && prec < 0;                               \
        if (!(flags & 1) && !zpad)                                                         \
            for (; pad > 0; pad--)                                                         \
                __SCHEDMC_PUT(' ');                                                        \
        if (sign)                                                                          \
            __SCHEDMC_PUT(sign);                                                           \
        if (pre) {                                                                         \
            __SCHEDMC_PUT('0');                                                            \
            __SCHEDMC_PUT(upper ? 'X' : 'x');                                              \
        }                                                                                  \
        if (zpad)                                                                          \
            for (; pad > 0; pad--)                                                         \
                __SCHEDMC_PUT('0');                                                        \
        for (; zeros > 0; zeros--)                                                         \
            __SCHEDMC_PUT('0');                                                            \
        for (; nd > 0; nd--) {                                                             \
            int d = (int)(v / p % (T)base);                                                \
            __SCHEDMC_PUT(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);                \
            p /= (T)base;                                                                  \
        }                                                                                  \
        for (; pad > 0; pad--)                                                             \
            __SCHEDMC_PUT(' ');                                                            \
        return n;                                                                          \
    }

__SCHEDMC_FMT_UINT(__schedmc_fmt_u32, unsigned int)
__SCHEDMC_FMT_UINT(__schedmc_fmt_u64, unsigned long long)

/* %c: the character converted to unsigned char, padded to `width` */
int __schedmc_fmt_c(char *o, __size cap, int n, int c, int flags, int width)
{
    int pad = width > 1 ? width - 1 : 0;
    if (!(flags & 1))
        for (; pad > 0; pad--)
            __SCHEDMC_PUT(' ');
    __SCHEDMC_PUT((unsigned char)c);
    for (; pad > 0; pad--)
        __SCHEDMC_PUT(' ');
    return n;
}

/* %s: at most `prec` characters of `s` (which need not be terminated within them) */
int __schedmc_fmt_s(char *o, __size cap, int n, const char *s, int flags, int width, int prec)
{
    int len = 0;
    while ((prec < 0 || len < prec) && s[len] != 0)
        len++;
    int pad = width > len ? width - len : 0;
    if (!(flags & 1))
        for (; pad > 0; pad--)
            __SCHEDMC_PUT(' ');
    for (int i = 0; i < len; i++)
        __SCHEDMC_PUT(s[i]);
    for (; pad > 0; pad--)
        __SCHEDMC_PUT(' ');
    return n;
}
