/* stdbool.h -- schedmc's C99 boolean type and constants. */
#ifndef __SCHEDMC_STDBOOL_H
#define __SCHEDMC_STDBOOL_H
#define bool _Bool
#define true 1
#define false 0
#define __bool_true_false_are_defined 1
#endif
