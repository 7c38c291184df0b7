/* stdlib.h -- schedmc's subset of the C standard library: abort, exit, memory allocation,
   abs. Prototypes only; their meaning is built into schedmc. */
#ifndef __SCHEDMC_STDLIB_H
#define __SCHEDMC_STDLIB_H
#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

void abort(void);
void exit(int status);
void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
int abs(int j);
long labs(long j);

#endif
