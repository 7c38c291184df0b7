// expect: SUCCESSFUL
// `#pragma pack(N)` caps member alignments (also requested ones); push/pop/reset nest;
// a zero-width bit-field still aligns to its type; sizes and offsets as GCC lays them out.
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#pragma pack(push, 1)
struct p1 { char a; uint32_t b; };
#pragma pack(pop)
#pragma pack(push, 2)
struct p2 { char a; uint32_t b; };
union u2 { char c; uint32_t u; };
struct zb { char a; unsigned : 0; char b; };
struct bf { char a; unsigned x : 3; unsigned y : 31; char c; };
struct al { char a; _Alignas(8) int x; };
#pragma pack(pop)
struct plain { char a; uint32_t b; };
#pragma pack(4)
struct k { char a; long long l; char c; };
#pragma pack(push)
#pragma pack(1)
struct l { char a; long long l; };
#pragma pack(pop)
struct m { char a; long long l; };
#pragma pack()
struct n { char a; long long l; };
struct outer { char a; struct p1 i; };
int main(void) {
    assert(sizeof(struct p1) == 5 && offsetof(struct p1, b) == 1);
    assert(sizeof(struct p2) == 6 && offsetof(struct p2, b) == 2);
    assert(sizeof(union u2) == 4);
    assert(offsetof(struct zb, b) == 4 && sizeof(struct zb) == 5);
    assert(sizeof(struct bf) == 8 && offsetof(struct bf, c) == 6);
    assert(sizeof(struct al) == 6 && offsetof(struct al, x) == 2);
    assert(sizeof(struct plain) == 8 && offsetof(struct plain, b) == 4);
    assert(sizeof(struct k) == 16 && offsetof(struct k, l) == 4);
    assert(sizeof(struct l) == 9);
    assert(sizeof(struct m) == 12 && offsetof(struct m, l) == 4);
    assert(sizeof(struct n) == 16);
    assert(sizeof(struct outer) == 6 && offsetof(struct outer, i) == 1);
    struct p1 v;
    v.a = 1;
    v.b = 0x01020304u;
    unsigned char *q = (unsigned char *)&v;
    assert(q[0] == 1 && q[1] == 4 && q[4] == 1);
    return 0;
}
