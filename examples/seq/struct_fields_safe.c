// expect: SUCCESSFUL
// Swapping the fields of a struct twice gives the original values.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

struct point {
  int x;
  int y;
};

int main(void) {
  struct point p;
  p.x = __VERIFIER_nondet_int();
  p.y = __VERIFIER_nondet_int();
  int ox = p.x;
  int oy = p.y;
  for (int k = 0; k < 2; k++) {
    int t = p.x;
    p.x = p.y;
    p.y = t;
  }
  if (p.x != ox || p.y != oy) {
    reach_error();
  }
  return 0;
}
