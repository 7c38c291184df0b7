// expect: FAILED
// A modulo-4 counter as a clocked thread (SC_CTHREAD) on the rising edge of a 10 ns sc_clock,
// with an active-high reset declared by reset_signal_is: a synchronous reset, so the thread
// restarts at its entry (its reset section writes 0) only at the next rising edge. The
// testbench raises the reset at 0-15 ns and again at 32-52 ns, between two edges; a monitor
// clocked on the falling edge checks that the count is below 4 and 0 while the reset is high:
// at 35 ns the reset raised at 32 ns is high but the counter still holds 2 (it clears at 40 ns).
// The clock runs forever (sc_start() never returns): the checker proves the unbounded run.
#include <systemc.h>
#include <verifier.h>

sc_clock clk;
sc_signal_bool rst;
sc_signal_int count;

void counter(void) {
  sc_signal_write(&count, 0); // reset section
  sc_wait_static();
  while (1) {
    int n = sc_signal_read(&count) + 1;
    if (n == 4)
      n = 0;
    sc_signal_write(&count, n);
    sc_wait_static();
  }
}

void monitor(void) {
  while (1) {
    int c = sc_signal_read(&count);
    if (c >= 4)
      reach_error();
    if (sc_signal_read(&rst) && c != 0)
      reach_error();
    sc_wait_static();
  }
}

void testbench(void) {
  sc_signal_write(&rst, 1);
  sc_wait_time(sc_time_make(15, SC_NS));
  sc_signal_write(&rst, 0);
  sc_wait_time(sc_time_make(17, SC_NS));
  sc_signal_write(&rst, 1);
  sc_wait_time(sc_time_make(20, SC_NS));
  sc_signal_write(&rst, 0);
}

int main(void) {
  sc_clock_init_pct(&clk, sc_time_make(10, SC_NS), 50, 0, 1);
  SC_CTHREAD(counter, sc_clock_posedge_event(&clk));
  sc_reset_signal_is(&rst, 1);
  SC_CTHREAD(monitor, sc_clock_negedge_event(&clk));
  SC_THREAD(testbench);
  sc_start();
  return 0;
}
