// expect: SUCCESSFUL
// Wide string literals: `L"..."` has `wchar_t` (int on Linux) elements, `u"..."` char16_t,
// `U"..."` char32_t; escapes and universal character names give code points; adjacent literals
// concatenate.
#include <assert.h>
#include <wchar.h>
#include <uchar.h>
int main(void) {
    const wchar_t *w = L"asd";
    assert(w[0] == 'a' && w[2] == 'd' && w[3] == 0);
    assert(sizeof(L"ab") == 3 * sizeof(wchar_t));
    assert(sizeof(L"1" "2") == 3 * sizeof(wchar_t));
    assert(L"\x1234"[0] == 0x1234);
    assert(L"\u20AC1"[0] == 0x20ac && L"\u20AC1"[1] == '1');
    assert(sizeof(u"x"[0]) == 2 && sizeof(U"x"[0]) == 4);
    assert(u"\u00e9"[0] == 0xe9);
    assert(U"\U0001F600"[0] == 0x1F600);
    assert(u"\U0001F600"[0] == 0xD83D && u"\U0001F600"[1] == 0xDE00);
    wchar_t buf[] = L"xyz";
    assert(sizeof(buf) == 4 * sizeof(wchar_t));
    buf[1] = L'Y';
    assert(buf[1] == 'Y' && buf[3] == 0);
    char n[] = "\u00e9";            /* a narrow string holds the UTF-8 bytes */
    assert(sizeof(n) == 3 && (unsigned char)n[0] == 0xc3);
    return 0;
}
