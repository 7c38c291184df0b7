/* unistd.h -- schedmc's minimal <unistd.h>: declarations only (no model: results are
   nondeterministic). */
#ifndef __SCHEDMC_UNISTD_H
#define __SCHEDMC_UNISTD_H
#include <stddef.h>
#include <sys/types.h>
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
unsigned int sleep(unsigned int seconds);
int usleep(unsigned int usec);
ssize_t read(int fd, void *buf, size_t count);
ssize_t write(int fd, const void *buf, size_t count);
int close(int fd);
pid_t getpid(void);
pid_t fork(void);
void _exit(int status);
#endif
