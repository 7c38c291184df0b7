/* assert.h -- schedmc's assert(): a failed assertion calls __assert_fail (with the stringified
   expression, file, line and function), which schedmc treats as reaching the error location.
   Defining NDEBUG before including this header disables assertions. Re-includable. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#ifndef __SCHEDMC_ASSERT_FAIL_DECLARED
#define __SCHEDMC_ASSERT_FAIL_DECLARED
extern void __assert_fail(const char *__assertion, const char *__file, unsigned int __line,
                          const char *__function);
#endif
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
