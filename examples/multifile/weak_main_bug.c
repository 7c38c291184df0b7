// expect: FAILED
// args: --engine bmc examples/multifile/weak_defaults.c
// The application overrides board_rate but not board_init: the weak default (returning 0) is
// linked, and the assertion fails.
#include <assert.h>
int board_init(void);
int board_rate = 115200;
int main(void) {
  assert(board_rate == 115200);
  assert(board_init() == 1);
  return 0;
}
