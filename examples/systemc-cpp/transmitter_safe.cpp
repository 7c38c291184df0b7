// expect: SUCCESSFUL
// C++ twin of examples/systemc/transmitter_safe.c: a master sends a message to the
// transmitter, which counts what it received. The master notifies with a delta notification,
// which fires in the next delta cycle, after every process of the current evaluation phase
// (the transmitter included) reached its wait: none is lost.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);

int sent, received, msg, last;

SC_MODULE(Link) {
  sc_event e_1;
  void master() {
    while (true) {
      msg = __VERIFIER_nondet_int();
      sent += 1;
      e_1.notify(SC_ZERO_TIME);
      wait(1, SC_NS);
    }
  }
  void transmit1() {
    while (true) {
      wait(e_1);
      last = msg;
      received += 1;
      sc_assert(received == sent && last == msg);
    }
  }
  SC_CTOR(Link) {
    SC_THREAD(master);
    SC_THREAD(transmit1);
  }
};

int sc_main(int argc, char *argv[]) {
  Link link("link");
  sc_start();
  return 0;
}
