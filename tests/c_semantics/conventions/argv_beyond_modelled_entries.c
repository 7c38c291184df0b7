// expect: UNKNOWN
// args: --engine bmc
// cc: skip depends on the command line
// argv[6] exists when argc > 6: the model holds the first entries only, so reading it is
// unsupported, never a path cut off (a SUCCESSFUL here would be wrong: argv[6] can start with 'x')
#include <assert.h>
int main(int argc, char *argv[]) {
  if (argc > 6)
    assert(argv[6][0] != 'x');
  return 0;
}
