// expect: UNKNOWN
// cc: skip reads an object after its block ended (undefined behaviour, C11 6.2.4p2)
// A pointer to a block-scope object outlives the block: reading through it is undefined, so
// the verdict is UNKNOWN with the reason, never SUCCESSFUL (it was SUCCESSFUL before).
#include <assert.h>
int main(void) {
  int z = 3, *q;
  {
    int x = z;
    q = &x;
  }
  assert(*q == z);
  return 0;
}
