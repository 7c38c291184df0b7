// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    char w[8], v[8], c = 0, two[2];
    assert(sscanf("  hello world", "%s %3s", w, v) == 2);
    assert(strcmp(w, "hello") == 0 && strcmp(v, "wor") == 0);
    assert(sscanf(" q", "%c", &c) == 1 && c == ' ');
    assert(sscanf(" q", " %c", &c) == 1 && c == 'q');
    assert(sscanf("xyz", "%2c", two) == 1 && two[0] == 'x' && two[1] == 'y');
    int n = 0;
    assert(sscanf("id=42;", "id=%d;", &n) == 1 && n == 42);
    return 0;
}
