// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) {
  char words[3][8];
  strcpy(words[0], "one"); strcpy(words[1], "two"); strcpy(words[2], "three");
  int found = -1;
  for (int i = 0; i < 3; i++) if (strcmp(words[i], "two") == 0) found = i;
  assert(found == 1);
  return 0;
}
