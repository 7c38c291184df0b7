// expect: SUCCESSFUL
// A clocked modulo-3 counter with synchronous reset: a method process sensitive to the clock's
// positive edge computes the next count from the signal's current value (a local variable
// holds the incremented value, which wraps at 3), and a high reset at the edge clears it. The
// testbench holds reset for the first two edges; a checker samples the count at every falling
// edge: it is always below 3, and 0 while reset is high.
#include <systemc.h>
#include <verifier.h>

sc_signal_bool clk, reset;
sc_signal_int count;

void clock_gen(void) {
  for (int i = 0; i < 5; i++) {
    sc_signal_write(&clk, 1);
    sc_wait_time(5);
    sc_signal_write(&clk, 0);
    sc_wait_time(5);
  }
}

void counter(void) {
  int n = sc_signal_read(&count) + 1;
  if (n == 3)
    n = 0;
  if (sc_signal_read(&reset))
    n = 0;
  sc_signal_write(&count, n);
}

void testbench(void) {
  sc_signal_write(&reset, 1);
  sc_wait_time(12);
  sc_signal_write(&reset, 0);
}

void checker(void) {
  while (1) {
    sc_wait(sc_signal_negedge_event(&clk));
    int c = sc_signal_read(&count);
    if (c >= 3)
      reach_error();
    if (sc_signal_read(&reset) && c != 0)
      reach_error();
  }
}

int main(void) {
  SC_THREAD(clock_gen);
  SC_METHOD(counter);
  sc_sensitive_pos(&clk);
  sc_dont_initialize();
  SC_THREAD(testbench);
  SC_THREAD(checker);
  sc_start();
  return 0;
}
