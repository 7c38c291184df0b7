// expect: SUCCESSFUL
// C++ twin of examples/systemc/token_ring_02_safe.c: a token ring of a master and 2
// transmitters (modules connected through a ring of events, each transmitter knowing its
// position): the master starts a token, every transmitter increments it once and passes it
// on with an immediate notification; the master checks the token when it comes back.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);

SC_MODULE(Ring) {
  sc_event e[3]; // e[0]: to the master, e[i]: to transmitter i
  int token;
  SC_CTOR(Ring) : token(0) {}
};

SC_MODULE(Master) {
  Ring *ring;
  int local;
  void run() {
    while (true) {
      ring->token = __VERIFIER_nondet_int();
      local = ring->token;
      ring->e[1].notify();
      wait(ring->e[0]);
      sc_assert(ring->token == local + 2);
    }
  }
  SC_CTOR(Master) : local(0) { SC_THREAD(run); }
};

SC_MODULE(Transmitter) {
  Ring *ring;
  int id;
  void run() {
    while (true) {
      wait(ring->e[id]);
      ring->token += 1;
      ring->e[(id + 1) % 3].notify();
    }
  }
  SC_HAS_PROCESS(Transmitter);
  Transmitter(sc_module_name name, int n) : sc_module(name), id(n) { SC_THREAD(run); }
};

int sc_main(int argc, char *argv[]) {
  Ring ring("ring");
  Master master("master");
  Transmitter t1("t1", 1);
  Transmitter t2("t2", 2);
  master.ring = &ring;
  t1.ring = &ring;
  t2.ring = &ring;
  sc_start();
  return 0;
}
