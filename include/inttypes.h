/* inttypes.h -- schedmc's <inttypes.h>: <stdint.h> plus the printf/scanf format macros and
   imaxabs (modelled) for the target's widths. */
#ifndef __SCHEDMC_INTTYPES_H
#define __SCHEDMC_INTTYPES_H
#include <stdint.h>

#if defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
#define __SCHEDMC_PRI64 "l"
#else
#define __SCHEDMC_PRI64 "ll"
#endif
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
#define __SCHEDMC_PRIPTR "l"
#else
#define __SCHEDMC_PRIPTR ""
#endif

#define PRId8 "d"
#define PRId16 "d"
#define PRId32 "d"
#define PRId64 __SCHEDMC_PRI64 "d"
#define PRIi8 "i"
#define PRIi16 "i"
#define PRIi32 "i"
#define PRIi64 __SCHEDMC_PRI64 "i"
#define PRIu8 "u"
#define PRIu16 "u"
#define PRIu32 "u"
#define PRIu64 __SCHEDMC_PRI64 "u"
#define PRIx8 "x"
#define PRIx16 "x"
#define PRIx32 "x"
#define PRIx64 __SCHEDMC_PRI64 "x"
#define PRIX8 "X"
#define PRIX16 "X"
#define PRIX32 "X"
#define PRIX64 __SCHEDMC_PRI64 "X"
#define PRIo32 "o"
#define PRIo64 __SCHEDMC_PRI64 "o"
#define PRIdMAX __SCHEDMC_PRI64 "d"
#define PRIuMAX __SCHEDMC_PRI64 "u"
#define PRIdPTR __SCHEDMC_PRIPTR "d"
#define PRIuPTR __SCHEDMC_PRIPTR "u"
#define PRIxPTR __SCHEDMC_PRIPTR "x"
#define SCNd32 "d"
#define SCNu32 "u"
#define SCNd64 __SCHEDMC_PRI64 "d"
#define SCNu64 __SCHEDMC_PRI64 "u"

typedef struct { intmax_t quot; intmax_t rem; } imaxdiv_t;
intmax_t imaxabs(intmax_t j);
#endif
