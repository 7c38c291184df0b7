// expect: SUCCESSFUL
// Members of different sizes and signedness share bytes; a short write keeps the upper bytes.
#include <assert.h>
#include <stdint.h>

union mix {
    int32_t i;
    uint32_t u;
    int16_t s;
    int8_t c;
};

int main(void) {
    union mix m;
    m.i = -1;
    assert(m.u == 0xFFFFFFFFu);
    assert(m.s == -1 && m.c == -1);
    m.s = 0x1234;
    assert(m.u == 0xFFFF1234u);
    assert(m.i == (int32_t)0xFFFF1234u);
    m.c = -128;
    assert(m.u == 0xFFFF1280u);
    return 0;
}
