// expect: SUCCESSFUL
// A chain of N method processes built with sc_vector: the stages (sc_vector<stage>) and the
// signals between them (sc_vector<sc_signal<int>>) are vectors bound in a loop of sc_main;
// the driver reads every signal through a vector of ports (sc_vector<sc_in<int>>, sized by
// init in its constructor and bound to the signal vector as a whole). Each stage adds one in
// its own delta cycle.
#include <systemc.h>

const int N = 3;

SC_MODULE(stage) {
  sc_in<int> in;
  sc_out<int> out;
  void run() { out.write(in.read() + 1); }
  SC_CTOR(stage) {
    SC_METHOD(run);
    sensitive << in;
    dont_initialize();
  }
};

SC_MODULE(driver) {
  sc_out<int> out;
  sc_vector<sc_in<int> > taps;
  void run() {
    out.write(10);
  // the value reaches the last signal in the update of delta cycle N: N + 1 delta waits
  for (int k = 0; k <= N; k++)
    wait(SC_ZERO_TIME);
    for (int i = 0; i < taps.size(); i++)
      sc_assert(taps[i].read() == 10 + i);
  }
  SC_CTOR(driver) {
    taps.init(N + 1);
    SC_THREAD(run);
  }
};

int sc_main(int argc, char *argv[]) {
  sc_vector<sc_signal<int> > sig("sig", N + 1);
  sc_vector<stage> st("st", N);
  for (int i = 0; i < N; i++) {
    st[i].in(sig[i]);
    st[i].out(sig[i + 1]);
  }
  driver d("d");
  d.out(sig[0]);
  d.taps(sig);
  sc_start();
  return 0;
}
