// expect: SUCCESSFUL
// floating members of structs and arrays, parameters and results
#include <assert.h>
struct pt { float x; double y; int n; };
static double scale(struct pt p, double k) { return (p.x + p.y) * k; }
static float sum(const float *a, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
double g = 2.5;
float garr[3] = { 1.5f, 2.25f, -0.75f };
int main(void) {
  struct pt p = { 1.5f, 2.0, 3 };
  assert(scale(p, 2.0) == 7.0);
  assert(sum(garr, 3) == 3.0f);
  g *= 2;
  g -= 0.5;
  assert(g == 4.5);
  float k = 1;
  k++;
  ++k;
  k--;
  assert(k == 2.0f);
  double c = p.n > 2 ? 1.5 : 2;
  assert(c == 1.5);
  return 0;
}
