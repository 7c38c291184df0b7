// expect: SUCCESSFUL
// `mbsinit`: a zeroed mbstate_t (and NULL) is the initial conversion state.
#include <assert.h>
#include <uchar.h>
#include <wchar.h>
#include <string.h>
int main(void) {
    mbstate_t st;
    memset(&st, 0, sizeof st);
    assert(mbsinit(&st));
    assert(mbsinit(NULL));
    mbstate_t z = {0};
    assert(mbsinit(&z));
    return 0;
}
