// expect: SUCCESSFUL
// A plain struct member of a module with no constructor: default-initialisation sets its
// sc_uint field to 0 (sc_uint's constructor) and leaves its int field indeterminate; the
// module's constructor sets it before the process reads it.
#include <systemc.h>
struct Cfg { int a; sc_uint<4> b; };
SC_MODULE(M) {
  Cfg cfg;
  void run() { sc_assert(cfg.b == 0); sc_assert(cfg.a == 0); }
  SC_CTOR(M) { cfg.a = 0; SC_THREAD(run); }
};
int sc_main(int, char **) { M m("m"); sc_start(); return 0; }
