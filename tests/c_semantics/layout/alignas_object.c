// expect: SUCCESSFUL
// the symbolic base address of an object (frontend::lower::bases) is a multiple of its alignment request
// `_Alignas(N)` and `__attribute__((aligned(N)))` on objects make their addresses multiples
// of N (locals, globals, statics; a type name gives its alignment; the strictest wins).
#include <assert.h>
#include <stdint.h>
struct n { char a; uint32_t b; };
_Alignas(16) struct n g;
_Alignas(64) static char buf[10];
int dma[4] __attribute__((aligned(64))), other;
int main(void) {
    _Alignas(16) struct n s;
    __attribute__((aligned(32))) struct n t;
    _Alignas(long long) _Alignas(8) char c;
    static _Alignas(128) int st;
    char x __attribute__((aligned(16))) = 1;
    s.a = 1;
    t.a = 2;
    c = 3;
    st = 4;
    assert(((uintptr_t)&s % 16) == 0);
    assert(((uintptr_t)&g % 16) == 0);
    assert(((uintptr_t)&t % 32) == 0);
    assert(((uintptr_t)&c % 8) == 0);
    assert(((uintptr_t)&st % 128) == 0);
    assert(((uintptr_t)buf % 64) == 0);
    assert(((uintptr_t)dma % 64) == 0 && ((uintptr_t)&x % 16) == 0);
    other = x;
    assert(s.a + t.a + c + st + other == 11);
    return 0;
}
