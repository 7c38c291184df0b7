// expect: SUCCESSFUL
// args: --engine bmc examples/multifile/weak_defaults.c
// Strong definitions of board_rate and board_init override the library's weak ones (as the
// linker does); board_id keeps its weak default.
#include <assert.h>
int board_init(void);
int board_id(void);
int board_rate = 115200;
int board_init(void) { return 1; }
int main(void) {
  assert(board_init() == 1);
  assert(board_rate == 115200);
  assert(board_id() == 7);
  return 0;
}
