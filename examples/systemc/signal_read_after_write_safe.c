// expect: SUCCESSFUL
// A process writes a signal and checks the SystemC rules: the read right after the write
// still returns the old value; after waiting for value_changed_event (notified in the next
// delta cycle by the update) it returns the new one; of two writes in one evaluation phase the
// last wins; a write of the current value notifies nothing.
#include <systemc.h>
#include <verifier.h>

sc_signal_int data;
int changes;

void writer(void) {
  sc_signal_write(&data, 5);
  if (sc_signal_read(&data) != 0)
    reach_error();
  sc_wait(sc_signal_value_changed_event(&data));
  if (sc_signal_read(&data) != 5)
    reach_error();
  sc_signal_write(&data, 6);
  sc_signal_write(&data, 7);
  sc_wait_time(SC_ZERO_TIME);
  if (sc_signal_read(&data) != 7)
    reach_error();
  sc_signal_write(&data, 7);
  sc_wait_time(10);
  if (changes != 2)
    reach_error();
}

void monitor(void) {
  while (1) {
    sc_wait(sc_signal_value_changed_event(&data));
    changes++;
  }
}

int main(void) {
  SC_THREAD(writer);
  SC_THREAD(monitor);
  sc_start();
  return 0;
}
