// expect: SUCCESSFUL
// sc_start(duration) with a clock: sc_start(100 ns) with a 10 ns clock whose first rising edge
// is at 0. A clocked thread counts the rising edges. As in the reference kernel, the
// simulation does not run the evaluation phase at the end time: the edge at exactly 100 ns
// fires only in the next sc_start, so after the first sc_start 10 edges (0 .. 90 ns) were
// counted and the time is 100 ns; a second sc_start(5 ns) runs the edge at 100 ns.
#include <systemc.h>
#include <verifier.h>

sc_clock clk;
int edges;

void count_edges(void) {
  while (1) {
    edges++;
    sc_wait_static();
  }
}

int main(void) {
  sc_clock_init_period(&clk, sc_time_make(10, SC_NS));
  SC_CTHREAD(count_edges, sc_clock_posedge_event(&clk));
  sc_start_time(sc_time_make(100, SC_NS));
  if (edges != 10 || sc_time_stamp() != sc_time_make(100, SC_NS))
    reach_error();
  sc_start_time(sc_time_make(5, SC_NS));
  if (edges != 11 || sc_time_stamp() != sc_time_make(105, SC_NS))
    reach_error();
  return 0;
}
