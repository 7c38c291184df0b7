// expect: SUCCESSFUL
// An alignment attribute on the typedef of an anonymous struct (glibc's
// __pthread_unwind_buf_t): the alignment grows to 16, the size stays the struct's (GCC).
#include <assert.h>
#include <stddef.h>
typedef struct {
    long a[9];
    int m;
} T __attribute__((__aligned__));
typedef struct {
    char c;
} U __attribute__((aligned(8)));
struct W {
    char x;
    T t;
};
int main(void) {
    assert(sizeof(T) == 80);
    assert(_Alignof(T) == 16);
    assert(sizeof(U) == 1);
    assert(_Alignof(U) == 8);
    assert(offsetof(struct W, t) == 16);
    assert(sizeof(struct W) == 96);
    T *p = 0;
    (void)p;
    return 0;
}
