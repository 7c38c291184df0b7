// expect: FAILED
// A static local of a member function (as the reference pkt_switch's switch_clk::entry has):
// one object for the function, shared by every call and by both instances of the module
// (C++ [stmt.dcl]: static storage, initialised once). Each of the two processes bumps the
// shared total at time 0 and again at 10 ns.
// Bug: the check takes the static total for a per-instance count (it is 3 or 4, not 2).
#include <systemc.h>

SC_MODULE(counter) {
  int mine;
  SC_CTOR(counter) : mine(0) { SC_THREAD(run); }
  int bump() {
    static int total = 0;
    static bool toggle = false;
    toggle = !toggle;
    total++;
    mine++;
    return total;
  }
  void run() {
    bump();
    wait(10, SC_NS);
    int t = bump();
    sc_assert(t == mine);
  }
};

int sc_main(int, char **) {
  counter a("a");
  counter b("b");
  sc_start();
  return 0;
}
