/* uchar.h -- schedmc's <uchar.h>: char16_t and char32_t (the element types of u"..." and
   U"..." literals); the conversion functions are external. */
#ifndef __SCHEDMC_UCHAR_H
#define __SCHEDMC_UCHAR_H
#include <stddef.h>
#include <wchar.h>

typedef unsigned short char16_t;
#if defined(__SIZEOF_INT__) && __SIZEOF_INT__ < 4
typedef unsigned long char32_t;
#else
typedef unsigned int char32_t;
#endif

size_t mbrtoc16(char16_t *pc16, const char *s, size_t n, mbstate_t *ps);
size_t c16rtomb(char *s, char16_t c16, mbstate_t *ps);
size_t mbrtoc32(char32_t *pc32, const char *s, size_t n, mbstate_t *ps);
size_t c32rtomb(char *s, char32_t c32, mbstate_t *ps);

#endif
