/* time.h -- schedmc's <time.h>: types and declarations (time, timespec_get and the calendar
   functions are modelled in include/libc/time.c; clock, clock_gettime have no model). */
#ifndef __SCHEDMC_TIME_H
#define __SCHEDMC_TIME_H
#include <stddef.h>

#ifndef __SCHEDMC_TIME_T_DEFINED
#define __SCHEDMC_TIME_T_DEFINED
typedef long time_t;
#endif
typedef long clock_t;
typedef int clockid_t;
struct timespec {
    time_t tv_sec;
    long tv_nsec;
};
struct tm {
    int tm_sec;
    int tm_min;
    int tm_hour;
    int tm_mday;
    int tm_mon;
    int tm_year;
    int tm_wday;
    int tm_yday;
    int tm_isdst;
};
#define CLOCKS_PER_SEC 1000000L
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define TIME_UTC 1

time_t time(time_t *t);
clock_t clock(void);
double difftime(time_t t1, time_t t0);
time_t mktime(struct tm *tm);
struct tm *localtime(const time_t *t);
struct tm *gmtime(const time_t *t);
char *ctime(const time_t *t);
char *asctime(const struct tm *tm);
struct tm *gmtime_r(const time_t *t, struct tm *res);
struct tm *localtime_r(const time_t *t, struct tm *res);
size_t strftime(char *s, size_t max, const char *format, const struct tm *tm);
int nanosleep(const struct timespec *req, struct timespec *rem);
int clock_gettime(clockid_t clk, struct timespec *tp);
int timespec_get(struct timespec *ts, int base);
#endif
