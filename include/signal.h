/* signal.h -- schedmc's <signal.h>: types and constants. Signal handlers are never run by
   schedmc: installing one (signal, sigaction) is reported as unsupported where it happens. */
#ifndef __SCHEDMC_SIGNAL_H
#define __SCHEDMC_SIGNAL_H
typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);
#define SIG_DFL ((sighandler_t)0)
#define SIG_IGN ((sighandler_t)1)
#define SIG_ERR ((sighandler_t)-1)
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGABRT 6
#define SIGFPE 8
#define SIGKILL 9
#define SIGSEGV 11
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGUSR1 10
#define SIGUSR2 12
sighandler_t signal(int signum, sighandler_t handler);
int raise(int sig);
#endif
