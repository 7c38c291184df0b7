/* complex.h -- schedmc's <complex.h>: its macros only. Complex types are not supported: a
   declaration of one is rejected as `unsupported: complex types` at its location (without
   this header, `double complex z` would be a syntax error). */
#ifndef __SCHEDMC_COMPLEX_H
#define __SCHEDMC_COMPLEX_H
#define complex _Complex
#define _Complex_I __schedmc_complex_i
#define I _Complex_I
#endif
