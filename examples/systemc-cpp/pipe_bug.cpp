// expect: FAILED
// args: examples/systemc-cpp/pipe/source.cpp examples/systemc-cpp/pipe/adder.cpp
// A model in three files (pipe/source.cpp, pipe/adder.cpp and this top level) sharing the
// header pipe/stages.h: a clocked source feeds a registered adder; a checker compares the sum
// with the source's output.
#include <systemc.h>
#include "pipe/stages.h"

SC_MODULE(checker) {
  sc_in<bool> clk;
  sc_in<int> a;
  sc_in<int> sum;
  int last_a;

  void check();

  SC_CTOR(checker) : last_a(0) {
    SC_METHOD(check);
    sensitive << clk.pos();
    dont_initialize();
  }
};

void checker::check() {
  // bug: the adder is registered, its sum is one edge behind a
  sc_assert(sum.read() == (STEP + 1) * a.read());
  last_a = a.read();
}

int sc_main(int argc, char *argv[]) {
  sc_clock clk("clk", 10, SC_NS);
  sc_signal<int> a, b, sum;

  source src("src");
  src.clk(clk);
  src.a(a);
  src.b(b);

  adder add("add");
  add.clk(clk);
  add.a(a);
  add.b(b);
  add.sum(sum);

  checker chk("chk");
  chk.clk(clk);
  chk.a(a);
  chk.sum(sum);

  sc_start(35, SC_NS);
  return 0;
}
