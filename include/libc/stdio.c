/* stdio.c -- schedmc's models of <stdio.h>'s output functions. Nothing they write is visible
   to the program, so each only evaluates its arguments and returns a nondeterministic value
   in the function's range (a character count or a negative error for the printf family, EOF
   or a non-negative value for puts/fputs, the character or EOF for putchar/fputc/putc, 0 or
   EOF for fflush). snprintf/vsnprintf write a nondeterministic NUL-terminated string of at
   most size - 1 characters into the buffer and return a count at least its length. */
#include "__schedmc_libc_common.h"

int printf(const char *format, ...)
{
    (void)format;
    return __VERIFIER_nondet_int();
}

int fprintf(void *stream, const char *format, ...)
{
    (void)stream;
    (void)format;
    return __VERIFIER_nondet_int();
}

int dprintf(int fd, const char *format, ...)
{
    (void)fd;
    (void)format;
    return __VERIFIER_nondet_int();
}

int vprintf(const char *format, __builtin_va_list ap)
{
    (void)format;
    (void)ap;
    return __VERIFIER_nondet_int();
}

int vfprintf(void *stream, const char *format, __builtin_va_list ap)
{
    (void)stream;
    (void)format;
    (void)ap;
    return __VERIFIER_nondet_int();
}

int puts(const char *s)
{
    (void)s;
    int r = __VERIFIER_nondet_int();
    __VERIFIER_assume(r >= -1);
    return r;
}

int fputs(const char *s, void *stream)
{
    (void)s;
    (void)stream;
    int r = __VERIFIER_nondet_int();
    __VERIFIER_assume(r >= -1);
    return r;
}

int putchar(int c)
{
    if (__VERIFIER_nondet_int())
        return -1;
    return (unsigned char)c;
}

int fputc(int c, void *stream)
{
    (void)stream;
    if (__VERIFIER_nondet_int())
        return -1;
    return (unsigned char)c;
}

int putc(int c, void *stream)
{
    (void)stream;
    if (__VERIFIER_nondet_int())
        return -1;
    return (unsigned char)c;
}

void perror(const char *s) { (void)s; }

int fflush(void *stream)
{
    (void)stream;
    if (__VERIFIER_nondet_int())
        return -1;
    return 0;
}

int snprintf(char *str, __size size, const char *format, ...)
{
    (void)format;
    int r = __VERIFIER_nondet_int();
    if (r < 0)
        return r;
    if (size > 0) {
        __size len = 0;
        while (len + 1 < size && len < (__size)r && __VERIFIER_nondet_int()) {
            char c = __VERIFIER_nondet_char();
            __VERIFIER_assume(c != 0);
            str[len] = c;
            len++;
        }
        str[len] = 0;
    }
    return r;
}

int vsnprintf(char *str, __size size, const char *format, __builtin_va_list ap)
{
    (void)format;
    (void)ap;
    int r = __VERIFIER_nondet_int();
    if (r < 0)
        return r;
    if (size > 0) {
        __size len = 0;
        while (len + 1 < size && len < (__size)r && __VERIFIER_nondet_int()) {
            char c = __VERIFIER_nondet_char();
            __VERIFIER_assume(c != 0);
            str[len] = c;
            len++;
        }
        str[len] = 0;
    }
    return r;
}
