// expect: FAILED
// args: --engine bmc
// cc: skip depends on the command line
// argc is any positive int: a program run with 10 arguments reaches the assertion (a bound on
// argc would make this SUCCESSFUL, wrongly)
#include <assert.h>
int main(int argc, char *argv[]) {
  if (argc == 10)
    assert(argc != 10);
  return 0;
}
