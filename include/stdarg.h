/* stdarg.h -- schedmc's <stdarg.h>. A function that walks its variable arguments (va_start)
   is reported as unsupported where it does so; declaring va_list parameters is fine. */
#ifndef __SCHEDMC_STDARG_H
#define __SCHEDMC_STDARG_H
typedef char *va_list;
typedef char *__gnuc_va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(d, s) __builtin_va_copy(d, s)
#endif
