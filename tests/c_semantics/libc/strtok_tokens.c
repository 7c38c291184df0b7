// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) {
    char s[] = ",a,,bc;d";
    char *t = strtok(s, ",;");
    assert(t == s + 1 && t[0] == 'a' && t[1] == 0);
    t = strtok(NULL, ",;");
    assert(t == s + 4 && t[0] == 'b' && t[1] == 'c' && t[2] == 0);
    t = strtok(NULL, ",");
    assert(t == s + 7 && t[0] == 'd');
    assert(strtok(NULL, ",;") == NULL);
    assert(strtok(NULL, ",;") == NULL);
    return 0;
}
