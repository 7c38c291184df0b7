// expect: SUCCESSFUL
// SystemC transmitter (after the SV-COMP transmitter.NN tasks): every time unit the master
// sends a message to the transmitter, which counts what it received. The master notifies
// with a delta notification, which fires in the next delta cycle, after every thread of the
// current evaluation phase (the transmitter included) reached its wait: none is lost.
#include <systemc.h>
#include <verifier.h>

sc_event e_1;
int sent;
int received;
int msg;
int last;

void master(void) {
  while (1) {
    msg = __VERIFIER_nondet_int();
    sent += 1;
    sc_notify_delta(&e_1);
    sc_wait_time(1);
  }
}

void transmit1(void) {
  while (1) {
    sc_wait(&e_1);
    last = msg;
    received += 1;
    if (received != sent || last != msg)
      reach_error();
  }
}

int main(void) {
  sc_thread_create(master);
  sc_thread_create(transmit1);
  sc_start();
  return 0;
}
