// expect: SUCCESSFUL
// Indices the program keeps in bounds (loop bounds, masks, checks, a nested array): no bounds
// complaint; the property still decides the verdict.
#include <assert.h>
#include <string.h>
int main(void) {
    int a[8];
    unsigned char m[4][5];
    char s[16];
    for (int i = 0; i < 8; i++)
        a[i] = i * 2;
    unsigned k = 13;
    a[k & 7] += 1;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++)
            m[r][c] = (unsigned char)(r * 5 + c);
    strcpy(s, "hello");
    int n = 0;
    while (s[n] != 0)
        n++;
    assert(n == 5);
    assert(a[5] == 11 && a[7] == 14 && m[3][4] == 19);
    return 0;
}
