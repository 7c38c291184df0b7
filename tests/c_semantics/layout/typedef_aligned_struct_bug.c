// expect: FAILED
// The typedef's alignment moves a member that follows a char (offset 16, not 8).
#include <assert.h>
#include <stddef.h>
typedef struct {
    long a[9];
    int m;
} T __attribute__((__aligned__));
struct W {
    char x;
    T t;
};
int main(void) {
    assert(offsetof(struct W, t) == 8);
    return 0;
}
