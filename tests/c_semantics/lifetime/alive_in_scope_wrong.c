// expect: FAILED
// The same uses as alive_in_scope.c with a wrong expected sum: the assertion fails, and no
// lifetime guard hides it.
#include <assert.h>
void set(int *p, int v) { *p = v; }
int get(const int *p) { return *p; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int x;
    set(&x, i);
    s += get(&x);
    {
      int y = 2;
      int *r = &y;
      s += *r;
    }
  }
  assert(s == 10);
  return 0;
}
