// The adder stage of the pipe_*.cpp models: its constructor and process defined out of class.
#include "systemc.h"
#include "stages.h"

adder::adder(sc_module_name name) : sc_module(name) {
  SC_METHOD(add);
  sensitive << clk.pos();
  dont_initialize();
}

void adder::add() {
  sum.write(a.read() + b.read());
}
