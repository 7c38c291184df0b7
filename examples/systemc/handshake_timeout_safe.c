// expect: SUCCESSFUL
// A request / acknowledge handshake with timeouts: the master sends request i and waits for the
// acknowledge at most 10 ns (wait(t, e)); the slave answers after 5 or 20 ns with the request's
// id. A late answer (20 ns) arrives exactly when the master's timeout expires: both are timed
// events of the same time, so the master is already runnable (timed out) when the slave's
// immediate notification comes, and that notification wakes nobody. The master checks the
// answer only when the wait did not time out (sc_timed_out()).
#include <systemc.h>
#include <verifier.h>

sc_event req, ack;
int data, resp;

void master(void) {
  for (int i = 1; i <= 2; i++) {
    data = i;
    sc_notify_delta(&req);
    sc_wait_timeout(10, &ack);
    if (!sc_timed_out()) {
      if (resp != i)
        reach_error();
    }
  }
}

void slave(void) {
  while (1) {
    sc_wait(&req);
    int d = data;
    if (__VERIFIER_nondet_int())
      sc_wait_time(5);
    else
      sc_wait_time(20);
    resp = d;
    sc_notify(&ack);
  }
}

int main(void) {
  SC_THREAD(master);
  SC_THREAD(slave);
  sc_start();
  return 0;
}
