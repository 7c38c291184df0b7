// expect: SUCCESSFUL
// In the style of the SystemC user guide: a clocked counter (SC_CTHREAD on the positive edge
// of an sc_clock, period 10 ns) with a synchronous reset (reset_signal_is): while reset is
// high the thread restarts at every edge and drives 0; after that it counts modulo 4. A
// monitor method samples the count at the falling edges: it is always below 4, and 0 while
// reset is high. The simulation runs for 100 ns (sc_start with a duration).
#include <systemc.h>

SC_MODULE(Counter) {
  sc_in<bool> clk;
  sc_in<bool> reset;
  sc_out<sc_uint<2> > count;

  void run() {
    sc_uint<2> n = 0;
    count.write(n);
    wait();
    while (true) {
      n++;
      count.write(n);
      wait();
    }
  }

  SC_CTOR(Counter) {
    SC_CTHREAD(run, clk.pos());
    reset_signal_is(reset, true);
  }
};

SC_MODULE(Monitor) {
  sc_in<bool> clk;
  sc_in<bool> reset;
  sc_in<sc_uint<2> > count;
  void sample() {
    sc_assert(count.read() < 4);
    if (reset.read())
      sc_assert(count.read() == 0);
  }
  SC_CTOR(Monitor) {
    SC_METHOD(sample);
    sensitive << clk.neg();
    dont_initialize();
  }
};

SC_MODULE(Stimulus) {
  sc_out<bool> reset;
  void run() {
    reset.write(true);
    wait(25, SC_NS);
    reset.write(false);
  }
  SC_CTOR(Stimulus) { SC_THREAD(run); }
};

int sc_main(int argc, char *argv[]) {
  sc_clock clk("clk", 10, SC_NS);
  sc_signal<bool> reset;
  sc_signal<sc_uint<2> > count;
  Counter counter("counter");
  Monitor monitor("monitor");
  Stimulus stim("stim");
  counter.clk(clk);
  counter.reset(reset);
  counter.count(count);
  monitor.clk(clk);
  monitor.reset(reset);
  monitor.count(count);
  stim.reset(reset);
  sc_start(100, SC_NS);
  return 0;
}
