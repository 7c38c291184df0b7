// expect: SUCCESSFUL
// memset and memcpy over structs, and memcmp of the result.
#include <assert.h>
#include <stdint.h>
#include <string.h>

struct pkt {
    uint8_t kind;
    uint16_t len;
    int32_t val;
};

int main(void) {
    struct pkt a, b;
    memset(&a, 0, sizeof a);
    assert(a.kind == 0 && a.len == 0 && a.val == 0);
    memset(&a, 0xFF, sizeof a);
    assert(a.kind == 0xFF && a.len == 0xFFFF && a.val == -1);
    a.kind = 3;
    a.len = 300;
    a.val = -5;
    memcpy(&b, &a, sizeof a);
    assert(b.kind == 3 && b.len == 300 && b.val == -5);
    assert(memcmp(&a, &b, sizeof a) == 0);
    b.val = 7;
    assert(memcmp(&a, &b, sizeof a) != 0);
    uint32_t w;
    memcpy(&w, &a.val, 4);
    assert(w == 0xFFFFFFFBu);
    return 0;
}
