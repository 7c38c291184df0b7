// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int moves; void hanoi(int n, int a, int b, int c) { if (n == 0) return; hanoi(n - 1, a, c, b); moves++; hanoi(n - 1, c, b, a); } int main(void) { hanoi(4, 1, 2, 3); assert(moves == 15); return 0; }
