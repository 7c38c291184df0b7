/* wchar.c -- schedmc's models of <wchar.h>'s wide-string functions, over `int` units (our
   wchar_t; the models use no typedef names). Like the str* models: each reads and writes
   exactly the units the C standard says. */
#include "__schedmc_libc_common.h"

__size wcslen(const int *s)
{
    __size n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

__size wcsnlen(const int *s, __size maxlen)
{
    __size n = 0;
    while (n < maxlen && s[n] != 0)
        n++;
    return n;
}

int wcscmp(const int *s1, const int *s2)
{
    __size i = 0;
    while (s1[i] != 0 && s1[i] == s2[i])
        i++;
    if (s1[i] == s2[i])
        return 0;
    return s1[i] < s2[i] ? -1 : 1;
}

int wcsncmp(const int *s1, const int *s2, __size n)
{
    __size i = 0;
    while (i < n) {
        if (s1[i] != s2[i])
            return s1[i] < s2[i] ? -1 : 1;
        if (s1[i] == 0)
            return 0;
        i++;
    }
    return 0;
}

int *wcscpy(int *dest, const int *src)
{
    __size i = 0;
    while (src[i] != 0) {
        dest[i] = src[i];
        i++;
    }
    dest[i] = 0;
    return dest;
}

int *wcsncpy(int *dest, const int *src, __size n)
{
    __size i = 0;
    while (i < n && src[i] != 0) {
        dest[i] = src[i];
        i++;
    }
    while (i < n) {
        dest[i] = 0;
        i++;
    }
    return dest;
}

int *wcscat(int *dest, const int *src)
{
    __size d = 0;
    while (dest[d] != 0)
        d++;
    __size i = 0;
    while (src[i] != 0) {
        dest[d + i] = src[i];
        i++;
    }
    dest[d + i] = 0;
    return dest;
}

int *wcschr(const int *s, int c)
{
    __size i = 0;
    while (s[i] != c) {
        if (s[i] == 0)
            return __null;
        i++;
    }
    return (int *)(s + i);
}

int *wmemset(int *s, int c, __size n)
{
    for (__size i = 0; i < n; i++)
        s[i] = c;
    return s;
}

int *wmemcpy(int *dest, const int *src, __size n)
{
    for (__size i = 0; i < n; i++)
        dest[i] = src[i];
    return dest;
}

int wmemcmp(const int *s1, const int *s2, __size n)
{
    for (__size i = 0; i < n; i++) {
        if (s1[i] != s2[i])
            return s1[i] < s2[i] ? -1 : 1;
    }
    return 0;
}

/* glibc's mbstate_t starts with its count of pending bytes: 0 is the initial state */
int mbsinit(const void *ps)
{
    if (ps == 0)
        return 1;
    return *(const int *)ps == 0;
}
