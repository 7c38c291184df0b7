// expect: SUCCESSFUL
// GCC's __builtin_ spellings of C library functions behave as the functions themselves:
// string functions (through the library's models), calloc's zeroed block, memset/memcmp.
// No header declares them: GCC knows them as built-ins.
#include <assert.h>
struct rec { int id; char tag[6]; };
int main(void) {
  char d[8];
  __builtin_strncpy(d, "ab", 5);             /* pads with NULs up to 5 */
  assert(d[0] == 'a' && d[1] == 'b' && d[2] == 0 && d[4] == 0);
  assert(__builtin_strlen(d) == 2);
  __builtin_strcpy(d, "xyz");
  assert(__builtin_strcmp(d, "xyz") == 0 && __builtin_strncmp(d, "xyw", 2) == 0);
  assert(__builtin_strchr(d, 'y') == d + 1 && __builtin_strrchr(d, 'q') == 0);
  __builtin_strcat(d, "12");
  assert(__builtin_strlen(d) == 5 && d[4] == '2');
  struct rec r;
  __builtin_memset(&r, 0, sizeof r);
  assert(r.id == 0 && r.tag[5] == 0);
  struct rec *p = __builtin_calloc(3, sizeof(struct rec));
  if (p) {
    assert(p[2].id == 0 && p[1].tag[3] == 0);
    __builtin_free(p);
  }
  assert(__builtin_memcmp("abc", "abd", 2) == 0);
  return 0;
}
