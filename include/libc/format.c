/* format.c -- the conversions of printf-family calls whose format is a string literal,
   which src/frontend/format.rs specialises at their call sites: each call becomes a call
   of a generated function that writes the literal text and calls these helpers, one per
   conversion, with the flags, width and precision read from the format.

   Every helper appends to the output `o` at position `n`, stores a character only when
   `o` is not null and `n < cap` (sprintf: no limit; snprintf: size - 1; printf, fprintf:
   null, only counting), and returns the new count. Flags: 1 '-', 2 '+', 4 ' ', 8 '#',
   16 '0'; a negative precision is "none". The formatting follows C11 7.21.6.1. */
#include "__schedmc_libc_common.h"

/* %p (printf family, count only): the length of a non-null pointer's text depends on the real
   address; it has no body, so a counterexample through it is UNKNOWN */
int __schedmc_pointer_text_length(void);
void __VERIFIER_assume(int);

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

/* sscanf's conversions (a call with a literal format is specialised the same way). `*pos`
   is the position in the input `s`; each returns -1 when the input ends before the item
   (an input failure), 0 on a matching failure, 1 when it matched and moved `*pos` past it. */



/* an optionally signed integer in base 10 or 16 (with an optional 0x prefix in base 16), as
   strtoull reads it, of at most `width` characters (0: no limit): the magnitude in *m, its
   sign in *neg, *ovf when it does not fit in 64 bits */
int __schedmc_scan_int(const char *s, int *pos, int base, int width, unsigned long long *m,
                       int *neg, int *ovf)
{
    int i = *pos;
    while (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))
        i++;
    *pos = i;
    if (s[i] == 0)
        return -1;
    int lim = width > 0 ? width : 2147483647;
    int k = 0;
    *neg = 0;
    *ovf = 0;
    if (s[i] == '+' || s[i] == '-') {
        *neg = s[i] == '-';
        i++;
        k++;
    }
    if (base == 16 && k + 1 < lim && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
        int c = s[i + 2];
        int hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex || k + 2 >= lim)
            __schedmc_unsupported("sscanf: a `0x` prefix without a hexadecimal digit "
                                  "(implementations differ)");
        i += 2;
        k += 2;
    }
    unsigned long long v = 0;
    int nd = 0;
    while (k < lim) {
        int c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0'
                : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10
                : base == 16 && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                      : -1;
        if (d < 0)
            break;
        if (v > (18446744073709551615ULL - (unsigned long long)d) / (unsigned long long)base)
            *ovf = 1;
        v = v * (unsigned long long)base + (unsigned long long)d;
        i++;
        k++;
        nd++;
    }
    if (nd == 0)
        return 0;
    *m = v;
    *pos = i;
    return 1;
}

/* %s: white space skipped, then at most `width` (0: no limit) non-white-space characters
   stored into `out` (unless null: assignment suppressed) and a NUL */
int __schedmc_scan_s(const char *s, int *pos, char *out, int width)
{
    int i = *pos;
    while (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))
        i++;
    *pos = i;
    if (s[i] == 0)
        return -1;
    int lim = width > 0 ? width : 2147483647;
    int k = 0;
    while (k < lim && s[i] != 0 && !(s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) {
        if (out)
            out[k] = s[i];
        i++;
        k++;
    }
    if (out)
        out[k] = 0;
    *pos = i;
    return 1;
}

/* %c: exactly `width` characters (white space included), no NUL */
int __schedmc_scan_c(const char *s, int *pos, char *out, int width)
{
    int i = *pos;
    int k = 0;
    while (k < width && s[i + k] != 0)
        k++;
    if (k > 0 && k < width)
        __schedmc_unsupported("sscanf: %c with fewer characters left than its width");
    if (k < width)
        return -1;
    if (out)
        for (k = 0; k < width; k++)
            out[k] = s[i + k];
    *pos = i + width;
    return 1;
}
