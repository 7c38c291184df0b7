// expect: SUCCESSFUL
// args: --timeout 300
// In the style of the SystemC user guide's simple bus: two masters (clocked threads) request
// the bus, a combinational arbiter (a method process sensitive to the requests) grants it to
// one of them, master 0 first; a granted master drives its id on the bus for one cycle and
// releases its request. A checker method asserts that the grants are exclusive and that the
// bus carries the id of the granted master.
#include <systemc.h>

SC_MODULE(Master) {
  sc_in<bool> clk;
  sc_out<bool> req;
  sc_in<bool> gnt;
  sc_out<int> bus;
  int id;

  void run() {
    for (int k = 0; k < 1; k++) {
      req.write(true);
      do {
        wait();
      } while (!gnt.read());
      bus.write(id);
      wait();
      req.write(false);
      bus.write(0);
      wait();
    }
  }

  SC_HAS_PROCESS(Master);
  Master(sc_module_name name, int n) : sc_module(name), id(n) {
    SC_CTHREAD(run, clk.pos());
  }
};

SC_MODULE(Arbiter) {
  sc_in<bool> req0, req1;
  sc_out<bool> gnt0, gnt1;
  void arbitrate() {
    gnt0.write(req0.read());
    gnt1.write(req1.read() && !req0.read());
  }
  SC_CTOR(Arbiter) {
    SC_METHOD(arbitrate);
    sensitive << req0 << req1;
  }
};

SC_MODULE(Checker) {
  sc_in<bool> clk;
  sc_in<bool> gnt0, gnt1;
  sc_in<int> bus0, bus1;
  void check() {
    sc_assert(!(gnt0.read() && gnt1.read()));
    if (bus0.read() != 0)
      sc_assert(bus1.read() == 0);
  }
  SC_CTOR(Checker) {
    SC_METHOD(check);
    sensitive << clk.neg();
    dont_initialize();
  }
};

int sc_main(int argc, char *argv[]) {
  sc_clock clk("clk", 10, SC_NS);
  sc_signal<bool> req0, req1, gnt0, gnt1;
  sc_signal<int> bus0, bus1;
  Master m0("m0", 1);
  Master m1("m1", 2);
  Arbiter arb("arb");
  Checker chk("chk");
  m0.clk(clk);
  m0.req(req0);
  m0.gnt(gnt0);
  m0.bus(bus0);
  m1.clk(clk);
  m1.req(req1);
  m1.gnt(gnt1);
  m1.bus(bus1);
  arb.req0(req0);
  arb.req1(req1);
  arb.gnt0(gnt0);
  arb.gnt1(gnt1);
  chk.clk(clk);
  chk.gnt0(gnt0);
  chk.gnt1(gnt1);
  chk.bus0(bus0);
  chk.bus1(bus1);
  sc_start(40, SC_NS);
  return 0;
}
