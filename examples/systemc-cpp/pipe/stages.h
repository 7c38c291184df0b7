// The stages of a two-stage clocked pipeline (a header shared by pipe/source.cpp,
// pipe/adder.cpp and the pipe_*.cpp top levels, as the reference library's `pipe` example
// is laid out): declarations here, member functions defined in the .cpp files.
#ifndef STAGES_H
#define STAGES_H
#include <systemc.h>

const int STEP = 3;
enum { LIMIT = 40 };

inline int scaled(int x) { return x * STEP; }

// a counter: a = n, b = STEP * n on every rising edge (n saturates at LIMIT)
SC_MODULE(source) {
  sc_in<bool> clk;
  sc_out<int> a;
  sc_out<int> b;
  int n;

  void step();

  SC_CTOR(source) : n(0) {
    SC_METHOD(step);
    sensitive << clk.pos();
    dont_initialize();
  }
};

// a registered adder: sum = a + b of the values before the edge
struct adder : sc_module {
  sc_in<bool> clk;
  sc_in<int> a, b;
  sc_out<int> sum;

  void add();

  SC_HAS_PROCESS(adder);
  adder(sc_module_name name);
};

#endif
