// expect: FAILED
// args: --timeout 300
// C++ twin of examples/systemc/clocked_counter_bug.c: a clocked modulo-3 counter with
// synchronous reset (a method process sensitive to the clock's positive edge); the testbench
// holds reset for the first two edges; a checker samples the count at every falling edge.
// Bug: the counter writes count + 1 and reads the signal back to wrap it, but the read still
// returns the old value (the write becomes visible in the update phase).
#include <systemc.h>

SC_MODULE(ClockGen) {
  sc_out<bool> clk;
  void run() {
    for (int i = 0; i < 5; i++) {
      clk.write(true);
      wait(5, SC_NS);
      clk.write(false);
      wait(5, SC_NS);
    }
  }
  SC_CTOR(ClockGen) { SC_THREAD(run); }
};

SC_MODULE(Counter) {
  sc_in<bool> clk;
  sc_in<bool> reset;
  sc_signal<int> count;
  void tick() {
    count.write(count.read() + 1);
    if (count.read() == 3)
      count.write(0);
    if (reset.read())
      count.write(0);
  }
  SC_CTOR(Counter) {
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }
};

SC_MODULE(Bench) {
  sc_out<bool> reset;
  sc_in<bool> clk;
  Counter *dut;
  void drive() {
    reset.write(true);
    wait(12, SC_NS);
    reset.write(false);
  }
  void check() {
    while (true) {
      wait(clk.negedge_event());
      int c = dut->count.read();
      sc_assert(c < 3);
      if (reset.read())
        sc_assert(c == 0);
    }
  }
  SC_CTOR(Bench) {
    SC_THREAD(drive);
    SC_THREAD(check);
  }
};

int sc_main(int argc, char *argv[]) {
  sc_signal<bool> clk, reset;
  ClockGen gen("gen");
  Counter counter("counter");
  Bench bench("bench");
  bench.dut = &counter;
  gen.clk(clk);
  counter.clk(clk);
  counter.reset(reset);
  bench.reset(reset);
  bench.clk(clk);
  sc_start();
  return 0;
}
