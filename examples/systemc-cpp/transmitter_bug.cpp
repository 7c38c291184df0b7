// expect: FAILED
// C++ twin of examples/systemc/transmitter_bug.c: a master sends a message to the
// transmitter, which counts what it received. Bug: an immediate notification only wakes the
// processes waiting at that moment. When the master runs first in the first evaluation phase,
// the transmitter is not waiting yet and the first message is lost.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);

int sent, received, msg, last;

SC_MODULE(Link) {
  sc_event e_1;
  void master() {
    while (true) {
      msg = __VERIFIER_nondet_int();
      sent += 1;
      e_1.notify();
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
