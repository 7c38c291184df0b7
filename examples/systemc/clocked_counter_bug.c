// expect: FAILED
// A clocked modulo-3 counter with synchronous reset: a method process sensitive to the clock's
// positive edge increments the count, wraps it at 3, and a high reset at the edge clears it. The
// testbench holds reset for the first two edges; a checker samples the count at every falling
// edge: it should always be below 3. Bug: the counter writes count + 1 and then reads the
// signal back to wrap it, but the read still returns the old value (the write becomes visible
// in the update phase), so the count reaches 3 at the third edge after reset.
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
  sc_signal_write(&count, sc_signal_read(&count) + 1);
  if (sc_signal_read(&count) == 3)
    sc_signal_write(&count, 0);
  if (sc_signal_read(&reset))
    sc_signal_write(&count, 0);
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
