// expect: FAILED
// sc_start(duration) with a clock: sc_start(100 ns) with a 10 ns clock whose first rising edge
// is at 0. A clocked thread counts the rising edges. The modeller expects the edge at exactly
// 100 ns to be counted by sc_start(100 ns) (11 edges), but as in the reference kernel the
// simulation does not run the evaluation phase at the end time: only 10 edges (0 .. 90 ns)
// are counted before sc_start returns.
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
  if (edges != 11)
    reach_error();
  return 0;
}
