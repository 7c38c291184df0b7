// expect: FAILED
// __builtin_strncpy copies at most n characters and adds no terminator when the source is
// longer: the last byte keeps its old value.
#include <assert.h>
int main(void) {
  char d[4] = {'w', 'w', 'w', 'w'};
  __builtin_strncpy(d, "abcdef", 3);
  assert(d[2] == 'c');
  assert(d[3] == 0);
  return 0;
}
