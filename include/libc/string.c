/* string.c -- schedmc's models of <string.h>'s str* functions (and <strings.h>'s
   case-insensitive comparisons), memchr, strdup/strndup (through malloc) and strtok (its
   position in a file-scope object): the C library's definitions, loop by loop. Linked into a
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

void *memchr(const void *s, int c, __size n)
{
    const unsigned char *p = (const unsigned char *)s;
    __size i;
    for (i = 0; i < n; i++)
        if (p[i] == (unsigned char)c)
            return (void *)(p + i);
    return __null;
}

/* strdup/strndup: a fresh heap object (malloc, built into schedmc) holding the copy. */
char *strdup(const char *s)
{
    __size n = 0;
    __size i;
    char *d;
    while (s[n] != 0)
        n++;
    d = (char *)malloc(n + 1);
    if (d == __null)
        return __null;
    for (i = 0; i < n; i++)
        d[i] = s[i];
    d[n] = 0;
    return d;
}

char *strndup(const char *s, __size n)
{
    __size len = 0;
    __size i;
    char *d;
    while (len < n && s[len] != 0)
        len++;
    d = (char *)malloc(len + 1);
    if (d == __null)
        return __null;
    for (i = 0; i < len; i++)
        d[i] = s[i];
    d[len] = 0;
    return d;
}

/* strtok keeps where the previous call stopped in a file-scope object (glibc's algorithm:
   skip delimiters, the token runs to the next delimiter, which becomes a NUL). */
char *__schedmc_strtok_next;

char *strtok(char *str, const char *delim)
{
    char *s = str != __null ? str : __schedmc_strtok_next;
    char *token;
    __size j;
    int is_delim;
    if (s == __null)
        return __null;
    for (;;) {
        if (*s == 0) {
            __schedmc_strtok_next = s;
            return __null;
        }
        is_delim = 0;
        for (j = 0; delim[j] != 0; j++)
            if (delim[j] == *s)
                is_delim = 1;
        if (!is_delim)
            break;
        s++;
    }
    token = s;
    for (;;) {
        if (*s == 0) {
            __schedmc_strtok_next = s;
            return token;
        }
        for (j = 0; delim[j] != 0; j++)
            if (delim[j] == *s) {
                *s = 0;
                __schedmc_strtok_next = s + 1;
                return token;
            }
        s++;
    }
}
