// expect: FAILED
// cc: skip the bytes of an automatic union beyond the initialised member are unspecified (C11 6.7.9); gcc happens to zero them
#include <assert.h>

union reg {
    unsigned int word;
    unsigned char low;
};

int main(void) {
    union reg r = {.low = 1};
    assert(r.word == 1u);
    return 0;
}
