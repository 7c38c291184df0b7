// expect: SUCCESSFUL
// cc: skip calendar values depend on the clock
// time() stores what it returns; gmtime/localtime fields are within the standard's ranges;
// strftime returns 0 or a length below its buffer.
#include <assert.h>
#include <time.h>
int main(void) {
    time_t t;
    time_t r = time(&t);
    assert(r == t);
    struct tm *g = gmtime(&t);
    if (g) {
        assert(g->tm_sec >= 0 && g->tm_sec <= 60 && g->tm_mon >= 0 && g->tm_mon <= 11);
        assert(g->tm_mday >= 1 && g->tm_mday <= 31 && g->tm_wday <= 6 && g->tm_yday <= 365);
    }
    struct tm b;
    if (localtime_r(&t, &b) == &b)
        assert(b.tm_hour >= 0 && b.tm_hour <= 23);
    char buf[16];
    size_t n = strftime(buf, sizeof buf, "%Y", &b);
    assert(n < sizeof buf);
    return 0;
}
