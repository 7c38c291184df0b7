// expect: SUCCESSFUL
// A request / grant arbiter: one method process computes `grant` from both requests (the
// signal has a single writer, as SystemC's default SC_ONE_WRITER policy requires). Two
// requesters raise their request in turn; a checker sees a grant only for a pending request.
#include <systemc.h>
#include <verifier.h>

sc_signal_bool req0, req1, grant0, grant1;

void arbiter(void) {
  int r0 = sc_signal_read(&req0), r1 = sc_signal_read(&req1);
  sc_signal_write(&grant0, r0);
  sc_signal_write(&grant1, r1 && !r0);
}

void requester0(void) {
  sc_signal_write(&req0, 1);
  sc_wait_time(sc_time_make(10, SC_NS));
  sc_signal_write(&req0, 0);
}

void requester1(void) {
  sc_wait_time(sc_time_make(5, SC_NS));
  sc_signal_write(&req1, 1);
}

void checker(void) {
  while (1) {
    sc_wait_or(sc_signal_value_changed_event(&grant0), sc_signal_value_changed_event(&grant1));
    if (sc_signal_read(&grant0) && sc_signal_read(&grant1))
      reach_error();
  }
}

int main(void) {
  SC_METHOD(arbiter);
  sc_sensitive_signal(&req0);
  sc_sensitive_signal(&req1);
  SC_THREAD(requester0);
  SC_THREAD(requester1);
  SC_THREAD(checker);
  sc_start();
  return 0;
}
