/* string.c -- schedmc's models of <string.h>'s str* functions (and <strings.h>'s
   case-insensitive comparisons): the C library's definitions, loop by loop. Linked into a
   program that calls one of them without defining it. memcpy/memmove/memset/memcmp are built
   into schedmc and not modelled here. */
#include "__schedmc_libc_common.h"

__size strlen(const char *s)
{
    __size n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

__size strnlen(const char *s, __size maxlen)
{
    __size n = 0;
    while (n < maxlen && s[n] != 0)
        n++;
    return n;
}

char *strcpy(char *dest, const char *src)
{
    __size i = 0;
    while (src[i] != 0) {
        dest[i] = src[i];
        i++;
    }
    dest[i] = 0;
    return dest;
}

char *strncpy(char *dest, const char *src, __size n)
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

char *strcat(char *dest, const char *src)
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

char *strncat(char *dest, const char *src, __size n)
{
    __size d = 0;
    while (dest[d] != 0)
        d++;
    __size i = 0;
    while (i < n && src[i] != 0) {
        dest[d + i] = src[i];
        i++;
    }
    dest[d + i] = 0;
    return dest;
}

int strcmp(const char *s1, const char *s2)
{
    __size i = 0;
    while (s1[i] != 0 && s1[i] == s2[i])
        i++;
    return (int)(unsigned char)s1[i] - (int)(unsigned char)s2[i];
}

int strncmp(const char *s1, const char *s2, __size n)
{
    __size i = 0;
    if (n == 0)
        return 0;
    while (i + 1 < n && s1[i] != 0 && s1[i] == s2[i])
        i++;
    return (int)(unsigned char)s1[i] - (int)(unsigned char)s2[i];
}

int strcoll(const char *s1, const char *s2)
{
    __size i = 0;
    while (s1[i] != 0 && s1[i] == s2[i])
        i++;
    return (int)(unsigned char)s1[i] - (int)(unsigned char)s2[i];
}

char *strchr(const char *s, int c)
{
    __size i = 0;
    while (s[i] != (char)c) {
        if (s[i] == 0)
            return __null;
        i++;
    }
    return (char *)s + i;
}

char *strrchr(const char *s, int c)
{
    const char *last = __null;
    __size i = 0;
    for (;;) {
        if (s[i] == (char)c)
            last = s + i;
        if (s[i] == 0)
            break;
        i++;
    }
    return (char *)last;
}

char *strstr(const char *haystack, const char *needle)
{
    __size i = 0;
    for (;;) {
        __size j = 0;
        while (needle[j] != 0 && haystack[i + j] == needle[j])
            j++;
        if (needle[j] == 0)
            return (char *)haystack + i;
        if (haystack[i] == 0)
            return __null;
        i++;
    }
}

__size strspn(const char *s, const char *accept)
{
    __size i = 0;
    for (;;) {
        __size j = 0;
        if (s[i] == 0)
            return i;
        while (accept[j] != 0 && accept[j] != s[i])
            j++;
        if (accept[j] == 0)
            return i;
        i++;
    }
}

__size strcspn(const char *s, const char *reject)
{
    __size i = 0;
    for (;;) {
        __size j = 0;
        if (s[i] == 0)
            return i;
        while (reject[j] != 0 && reject[j] != s[i])
            j++;
        if (reject[j] != 0)
            return i;
        i++;
    }
}

char *strpbrk(const char *s, const char *accept)
{
    __size i = 0;
    for (;;) {
        __size j = 0;
        if (s[i] == 0)
            return __null;
        while (accept[j] != 0 && accept[j] != s[i])
            j++;
        if (accept[j] != 0)
            return (char *)s + i;
        i++;
    }
}

int strcasecmp(const char *s1, const char *s2)
{
    __size i = 0;
    for (;;) {
        int a = (unsigned char)s1[i];
        int b = (unsigned char)s2[i];
        if (a >= 'A' && a <= 'Z')
            a = a - 'A' + 'a';
        if (b >= 'A' && b <= 'Z')
            b = b - 'A' + 'a';
        if (a != b || a == 0)
            return a - b;
        i++;
    }
}

int strncasecmp(const char *s1, const char *s2, __size n)
{
    __size i = 0;
    while (i < n) {
        int a = (unsigned char)s1[i];
        int b = (unsigned char)s2[i];
        if (a >= 'A' && a <= 'Z')
            a = a - 'A' + 'a';
        if (b >= 'A' && b <= 'Z')
            b = b - 'A' + 'a';
        if (a != b || a == 0)
            return a - b;
        i++;
    }
    return 0;
}
