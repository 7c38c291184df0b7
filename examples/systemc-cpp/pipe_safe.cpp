// expect: SUCCESSFUL
// args: examples/systemc-cpp/pipe/source.cpp
// A model in two files (pipe/source.cpp and this top level) sharing the header
// pipe/stages.h: a clocked source stage feeds a sink stage; both are method processes on the
// rising clock edge, the sink's process defined out of class.
#include <systemc.h>
#include "pipe/stages.h"

SC_MODULE(sink) {
  sc_in<bool> clk;
  sc_in<int> in;
  int edges;

  void check();

  SC_CTOR(sink) : edges(0) {
    SC_METHOD(check);
    sensitive << clk.pos();
    dont_initialize();
  }
};

void sink::check() {
  edges++;
  // the value read at an edge is the one written at the edge before
  sc_assert(in.read() == scaled(edges - 1));
}

int sc_main(int argc, char *argv[]) {
  sc_clock clk("clk", 10, SC_NS);
  sc_signal<int> data;

  source src("src");
  src.clk(clk);
  src.out(data);

  sink snk("snk");
  snk.clk(clk);
  snk.in(data);

  sc_start(25, SC_NS);
  return 0;
}
