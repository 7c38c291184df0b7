// The source stage of the pipe_*.cpp models, in a header shared by pipe/source.cpp and the
// top levels, as the reference library's `pipe` example is laid out: the module declared
// here, its constructor and process defined in pipe/source.cpp.
#ifndef STAGES_H
#define STAGES_H
#include <systemc.h>

const int STEP = 3;
enum { LIMIT = 40 };

inline int scaled(int x) { return x * STEP; }

// a counter: on every rising edge n = n + 1 (saturating at LIMIT) and out = STEP * n
struct source : sc_module {
  sc_in<bool> clk;
  sc_out<int> out;
  int n;

  void step();

  SC_HAS_PROCESS(source);
  source(sc_module_name name);
};

#endif
