/* wchar.h -- schedmc's <wchar.h>: wchar_t (from <stddef.h>: int), wint_t, WEOF, mbstate_t and
   the wide-string functions. mbsinit, wcslen, wcsnlen, wcscmp, wcsncmp, wcscpy, wcsncpy, wcscat, wcschr,
   wmemset, wmemcpy, wmemcmp are modelled in C (include/libc/wchar.c); the others are external
   (their results are nondeterministic). */
#ifndef __SCHEDMC_WCHAR_H
#define __SCHEDMC_WCHAR_H
#include <stddef.h>

typedef unsigned int wint_t;
typedef struct { int __count; unsigned int __value; } mbstate_t;

#define WEOF ((wint_t)0xffffffffu)
#define WCHAR_MIN (-2147483647 - 1)
#define WCHAR_MAX 2147483647

int mbsinit(const mbstate_t *ps);
size_t wcslen(const wchar_t *s);
size_t wcsnlen(const wchar_t *s, size_t maxlen);
int wcscmp(const wchar_t *s1, const wchar_t *s2);
int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *wcscpy(wchar_t *dest, const wchar_t *src);
wchar_t *wcsncpy(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *wcscat(wchar_t *dest, const wchar_t *src);
wchar_t *wcschr(const wchar_t *s, wchar_t c);
wchar_t *wcsrchr(const wchar_t *s, wchar_t c);
wchar_t *wcsstr(const wchar_t *haystack, const wchar_t *needle);
wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n);
wchar_t *wmemcpy(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *wmemmove(wchar_t *dest, const wchar_t *src, size_t n);
int wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n);
long wcstol(const wchar_t *nptr, wchar_t **endptr, int base);
unsigned long wcstoul(const wchar_t *nptr, wchar_t **endptr, int base);
size_t mbstowcs(wchar_t *dest, const char *src, size_t n);
size_t wcstombs(char *dest, const wchar_t *src, size_t n);
int mbtowc(wchar_t *pwc, const char *s, size_t n);
int wctomb(char *s, wchar_t wc);
wint_t btowc(int c);
int wctob(wint_t c);
int wprintf(const wchar_t *format, ...);
int swprintf(wchar_t *s, size_t n, const wchar_t *format, ...);

#endif
