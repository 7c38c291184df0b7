// expect: FAILED
// A process writes a signal and reads it back in the same evaluation phase, expecting the new
// value. In SystemC a write only becomes visible in the update phase at the end of the delta
// cycle: the read still returns the old value (0), so the check fails.
#include <systemc.h>
#include <verifier.h>

sc_signal_int data;

void writer(void) {
  sc_signal_write(&data, 5);
  if (sc_signal_read(&data) != 5)
    reach_error();
}

int main(void) {
  SC_THREAD(writer);
  sc_start();
  return 0;
}
