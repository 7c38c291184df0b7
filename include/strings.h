/* strings.h -- schedmc's <strings.h>: case-insensitive comparisons (modelled in
   include/libc/string.c). */
#ifndef __SCHEDMC_STRINGS_H
#define __SCHEDMC_STRINGS_H
#include <stddef.h>
int strcasecmp(const char *s1, const char *s2);
int strncasecmp(const char *s1, const char *s2, size_t n);
int ffs(int i);
int ffsl(long i);
int ffsll(long long i);
#endif
