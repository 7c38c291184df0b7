/* stdarg.h -- schedmc's <stdarg.h>. va_list points to the slots of a call's variable
   arguments (the front end's `varargs`): va_arg reads one with the type it names, reading past
   the last one or with another type is undefined (UNKNOWN where reachable). */
#ifndef __SCHEDMC_STDARG_H
#define __SCHEDMC_STDARG_H
typedef __builtin_va_list va_list;
typedef __builtin_va_list __gnuc_va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(d, s) __builtin_va_copy(d, s)
#define __va_copy(d, s) __builtin_va_copy(d, s)
#endif
