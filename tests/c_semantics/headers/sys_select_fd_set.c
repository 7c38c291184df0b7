// expect: SUCCESSFUL
// <sys/select.h> and <sys/time.h> as glibc defines them: fd_set, FD_* macros, struct timeval
// and the timer macros.
#include <sys/select.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <assert.h>
int main(void) {
    fd_set s;
    FD_ZERO(&s);
    assert(!FD_ISSET(3, &s));
    FD_SET(3, &s);
    FD_SET(100, &s);
    assert(FD_ISSET(3, &s) && FD_ISSET(100, &s) && !FD_ISSET(4, &s));
    FD_CLR(3, &s);
    assert(!FD_ISSET(3, &s) && FD_ISSET(100, &s));
    assert(sizeof(fd_set) == 128);
    struct timeval a = {1, 5}, b = {1, 7}, c;
    assert(timercmp(&a, &b, <) && !timercmp(&a, &b, >));
    timeradd(&a, &b, &c);
    assert(c.tv_sec == 2 && c.tv_usec == 12);
    timerclear(&a);
    assert(!timerisset(&a));
    ssize_t n = -1;
    socklen_t len = sizeof(struct sockaddr);
    assert(n < 0 && len == 16 && AF_INET == 2 && SOCK_STREAM == 1);
    return 0;
}
