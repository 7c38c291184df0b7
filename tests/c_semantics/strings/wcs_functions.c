// expect: SUCCESSFUL
// args: --engine bmc
// The modelled <wchar.h> functions over wide strings.
#include <assert.h>
#include <wchar.h>
int main(void) {
    wchar_t a[8] = L"ab";
    assert(wcslen(a) == 2);
    wcscat(a, L"cd");
    assert(wcslen(a) == 4 && a[3] == L'd');
    assert(wcscmp(a, L"abcd") == 0);
    assert(wcscmp(a, L"abce") < 0);
    assert(wcsncmp(a, L"abzz", 2) == 0);
    wchar_t b[8];
    wcscpy(b, a);
    assert(wcscmp(b, a) == 0);
    assert(wcschr(a, L'c') == a + 2 && wcschr(a, L'q') == NULL);
    wmemset(b, L'z', 3);
    assert(b[2] == L'z' && b[3] == L'd');
    return 0;
}
