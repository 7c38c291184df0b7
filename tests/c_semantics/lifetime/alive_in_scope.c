// expect: SUCCESSFUL
// Pointers to objects used within their lifetimes: through inlined calls, in the same
// iteration of a loop body, in nested blocks, after `continue` ends an iteration, and a
// compound literal used inside its block. No lifetime guard may fire.
#include <assert.h>
void set(int *p, int v) { *p = v; }
int get(const int *p) { return *p; }
int *id(int *p) { return p; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int x;
    set(&x, i);
    int *q = id(&x);
    s += get(q);
    if (i == 1)
      continue;
    {
      int y = 2;
      int *r = &y;
      s += *r;
    }
    int *c = &(int){10};
    s += *c;
  }
  assert(s == 27);
  return 0;
}
