/* stdlib.h -- schedmc's <stdlib.h>. abort, exit, malloc, calloc and free are built into
   schedmc; the conversions (atoi, strtol, ...), abs/labs/llabs, div/ldiv/lldiv and rand are
   modelled in C (include/libc/stdlib.c); other functions are declared only. */
#ifndef __SCHEDMC_STDLIB_H
#define __SCHEDMC_STDLIB_H
#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX 1

typedef struct __schedmc_div { int quot; int rem; } div_t;
typedef struct __schedmc_ldiv { long quot; long rem; } ldiv_t;
typedef struct __schedmc_lldiv { long long quot; long long rem; } lldiv_t;

void abort(void);
void exit(int status);
void _Exit(int status);
int atexit(void (*function)(void));
void *malloc(size_t size);
void *aligned_alloc(size_t alignment, size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
int abs(int j);
long labs(long j);
long long llabs(long long j);
div_t div(int numer, int denom);
ldiv_t ldiv(long numer, long denom);
lldiv_t lldiv(long long numer, long long denom);
int atoi(const char *nptr);
long atol(const char *nptr);
long long atoll(const char *nptr);
long strtol(const char *nptr, char **endptr, int base);
unsigned long strtoul(const char *nptr, char **endptr, int base);
long long strtoll(const char *nptr, char **endptr, int base);
unsigned long long strtoull(const char *nptr, char **endptr, int base);
double atof(const char *nptr);
double strtod(const char *nptr, char **endptr);
int rand(void);
void srand(unsigned int seed);
char *getenv(const char *name);
int system(const char *command);
void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *));

#endif
