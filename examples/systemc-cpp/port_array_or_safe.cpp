// expect: SUCCESSFUL
// args: --timeout 300
// Arrays of ports and signals: a combinational 3-input OR gate (a method process sensitive to
// every input, declared in a constructor loop), a driver clocked thread walking a one-hot bit
// over its 3 outputs and then clearing them, and a checker sampling at the falling edges that
// the gate's output is the OR of its inputs. The ports are bound in a loop of sc_main and, for
// the checker, positionally; the simulation runs in two sc_start calls (20 ns, then 25 ns).
#include <systemc.h>
using namespace sc_core;

SC_MODULE(OrGate) {
  sc_in<bool> in[3];
  sc_out<bool> out;
  void eval() {
    bool v = false;
    for (int i = 0; i < 3; i++)
      v = v || in[i].read();
    out.write(v);
  }
  SC_CTOR(OrGate) {
    SC_METHOD(eval);
    for (int i = 0; i < 3; i++)
      sensitive << in[i];
  }
};

SC_MODULE(Driver) {
  sc_in<bool> clk;
  sc_out<bool> d[3];
  void run() {
    for (int k = 0; k < 4; k++) {
      for (int i = 0; i < 3; i++)
        d[i].write(i == k);
      wait();
    }
  }
  SC_CTOR(Driver) { SC_CTHREAD(run, clk.pos()); }
};

SC_MODULE(Checker) {
  sc_in<bool> clk;
  sc_in<bool> a[3];
  sc_in<bool> y;
  int checks;
  void check() {
    bool any = a[0].read() || a[1].read() || a[2].read();
    sc_assert(y.read() == any);
    checks++;
  }
  SC_CTOR(Checker) : checks(0) {
    SC_METHOD(check);
    sensitive << clk.neg();
    dont_initialize();
  }
};

int sc_main(int argc, char *argv[]) {
  sc_clock clk("clk", sc_time(10, SC_NS));
  sc_signal<bool> s[3], y;
  OrGate g("g");
  Driver drv("drv");
  Checker chk("chk");
  for (int i = 0; i < 3; i++) {
    g.in[i](s[i]);
    drv.d[i](s[i]);
  }
  g.out(y);
  drv.clk(clk);
  chk(clk, s[0], s[1], s[2], y);
  sc_start(sc_time(20, SC_NS));
  cout << "@" << sc_time_stamp() << ": " << chk.checks << " checks" << endl;
  sc_assert(sc_time_stamp() == sc_time(20, SC_NS) && chk.checks == 2);
  sc_start(25, SC_NS);
  sc_assert(chk.checks == 4);
  return 0;
}
