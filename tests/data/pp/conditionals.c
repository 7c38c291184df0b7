/* Conditional inclusion with constant expressions. */
#define ZERO 0
#define ONE 1
#define TWO (ONE + ONE)
#define FN(x) ((x) * 2)
#if TWO == 2 && FN(3) == 6
int ok1;
#endif
#if defined(ONE) && !defined(THREE) && defined ZERO
int ok2;
#elif 1
int bad2;
#endif
#if -1 > 0u
int ok3_unsigned_compare;
#endif
#if (0 ? 1 / 0 : 7) == 7 && (1 || 1 / 0)
int ok4_short_circuit;
#endif
#if 'A' == 65 && '\x41' == 65 && '\101' == 65 && 'ab' == 24930
int ok5_chars;
#endif
#if (1 << 62) > 0 && (1 << 63) < 0 && 0x7fffffffffffffff + 0 > 0
int ok6_width;
#endif
#if ZERO
#  if 1 / 0
#  endif
int bad7;
#elif TWO - 2
int bad8;
#else
int ok9;
#endif
#ifdef __STDC__
int ok10;
#endif
#if __STDC_VERSION__ >= 199901L
int ok11;
#endif
#if UNDEFINED_THING + 1 == 1
int ok12;
#endif
#if (-7 / 2 == -3) && (-7 % 2 == -1) && (-1 >> 63 == -1) && ((0u - 1) >> 63 == 1)
int ok13;
#endif
#if 10 , 0
int bad14;
#endif
#if ~0u == 0xffffffffffffffff
int ok15;
#endif
int end = __LINE__;
