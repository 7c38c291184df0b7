// expect: SUCCESSFUL
#include <assert.h>

struct config cfg;          /* tentative definition, completed below */
static union word w;

struct config { int mode; unsigned flags; };
union word { unsigned u; unsigned char b[4]; };

int main(void) {
    assert(cfg.mode == 0 && cfg.flags == 0u);
    cfg.mode = 3;
    assert(cfg.mode == 3);
    assert(w.u == 0u);
    return 0;
}
