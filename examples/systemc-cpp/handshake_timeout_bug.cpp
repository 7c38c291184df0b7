// expect: FAILED
// C++ twin of examples/systemc/handshake_timeout_bug.c: a request / acknowledge handshake
// with timeouts: the master sends request i and waits for the acknowledge at most 10 ns
// (wait(t, e)); the slave answers after 5 or 20 ns with the request's id. A late answer
// (20 ns) arrives exactly when the master's timeout expires, so the slave's immediate
// notification wakes nobody. Bug: the master does not ask timed_out() and takes the stale
// response of a timed-out wait as the answer.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);

SC_MODULE(Handshake) {
  sc_event req, ack;
  int data, resp;

  void master() {
    for (int i = 1; i <= 2; i++) {
      data = i;
      req.notify(SC_ZERO_TIME);
      wait(sc_time(10, SC_NS), ack);
      sc_assert(resp == i);
    }
  }

  void slave() {
    while (true) {
      wait(req);
      int d = data;
      if (__VERIFIER_nondet_int())
        wait(5, SC_NS);
      else
        wait(20, SC_NS);
      resp = d;
      ack.notify();
    }
  }

  SC_CTOR(Handshake) : data(0), resp(0) {
    SC_THREAD(master);
    SC_THREAD(slave);
  }
};

int sc_main(int argc, char *argv[]) {
  Handshake hs("hs");
  sc_start();
  return 0;
}
