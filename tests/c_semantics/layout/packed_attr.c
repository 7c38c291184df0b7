// expect: SUCCESSFUL
// `__attribute__((packed))` before the tag or after the closing brace: members unaligned
// (bit-fields bit by bit) unless they request an alignment; `aligned(N)` on the type.
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
struct __attribute__((packed)) e { char a; unsigned x : 3; unsigned y : 31; char c; };
struct __attribute__((packed)) f { char a; int x __attribute__((aligned(8))); };
struct g { char a; int x; } __attribute__((packed));
struct h { char a; struct g g; long long l; } __attribute__((packed, aligned(4)));
struct __attribute__((aligned(16))) big { char a; };
struct __attribute__((deprecated)) unrelated { char a; uint32_t b; };
struct mem { char a; int x __attribute__((packed)); };
int main(void) {
    assert(sizeof(struct e) == 7 && offsetof(struct e, c) == 6);
    assert(sizeof(struct f) == 16 && offsetof(struct f, x) == 8);
    assert(sizeof(struct g) == 5 && offsetof(struct g, x) == 1 && _Alignof(struct g) == 1);
    assert(sizeof(struct h) == 16 && offsetof(struct h, l) == 6 && _Alignof(struct h) == 4);
    assert(sizeof(struct big) == 16 && _Alignof(struct big) == 16);
    assert(offsetof(struct unrelated, b) == 4);
    assert(sizeof(struct mem) == 5 && offsetof(struct mem, x) == 1);
    struct e v = {1, 5, 0x7fffffff, 9};
    assert(v.x == 5 && v.y == 0x7fffffff && v.c == 9);
    v.y = 3;
    assert(v.x == 5 && v.y == 3);
    return 0;
}
