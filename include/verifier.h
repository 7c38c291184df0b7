/* verifier.h -- the SV-COMP verifier interface as understood by schedmc: nondeterministic
   values (__VERIFIER_nondet_<type>), assumptions, the error location (reach_error,
   __VERIFIER_error) and atomic sections. Prototypes only. */
#ifndef __SCHEDMC_VERIFIER_H
#define __SCHEDMC_VERIFIER_H

_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
unsigned int __VERIFIER_nondet_unsigned(void);
unsigned int __VERIFIER_nondet_u32(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);
void *__VERIFIER_nondet_pointer(void);
char *__VERIFIER_nondet_pchar(void);
#ifdef __SIZE_TYPE__
__SIZE_TYPE__ __VERIFIER_nondet_size_t(void);
#else
unsigned long __VERIFIER_nondet_size_t(void);
#endif

void __VERIFIER_assume(int cond);
void __VERIFIER_error(void);
void reach_error(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

#endif
