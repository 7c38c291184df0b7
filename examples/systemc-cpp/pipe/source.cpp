// The source stage of the pipe_*.cpp models (verified together with them): its constructor
// and process defined out of class.
#include "systemc.h"
#include "stages.h"

source::source(sc_module_name name) : sc_module(name), n(0) {
  SC_METHOD(step);
  sensitive << clk.pos();
  dont_initialize();
}

void source::step() {
  if (n < LIMIT)
    n++;
  out.write(scaled(n));
}
