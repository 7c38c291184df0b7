// expect: SUCCESSFUL
// C++ twin of examples/systemc/pipeline_safe.c (after the SV-COMP pipeline.cil tasks): a clock
// thread notifies the clock event every time unit; on each clock the stages run in any order:
// generate picks two inputs, addsub computes their sum and difference, presdbl passes the sum
// on and doubles it as (sum + diff) + (sum - diff), zero computes dbl - 2 * pres, and print
// latches it. Every stage writes its outputs together, so whatever the order, zero is always
// 0; the clock thread checks the printed value every 2 cycles.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);

SC_MODULE(Pipeline) {
  sc_event clk;
  int in1, in2, sum, diff, pres, dbl, zero, z;
  int count;

  void generate() {
    while (true) {
      wait(clk);
      in1 = __VERIFIER_nondet_int();
      in2 = __VERIFIER_nondet_int();
    }
  }
  void addsub() {
    while (true) {
      wait(clk);
      int a = in1;
      int b = in2;
      sum = a + b;
      diff = a - b;
    }
  }
  void presdbl() {
    while (true) {
      wait(clk);
      int a = sum;
      int b = diff;
      pres = a;
      int c = a + b;
      int d = a - b;
      dbl = c + d;
    }
  }
  void szero() {
    while (true) {
      wait(clk);
      int a = pres;
      int b = dbl;
      zero = b - (a + a);
    }
  }
  void print() {
    while (true) {
      wait(clk);
      z = zero;
    }
  }
  void clock() {
    while (true) {
      wait(1, SC_PS);
      clk.notify();
      count += 1;
      if (count == 2) {
        sc_assert(z == 0);
        count = 0;
      }
    }
  }

  SC_CTOR(Pipeline)
      : in1(0), in2(0), sum(0), diff(0), pres(0), dbl(0), zero(0), z(0), count(0) {
    SC_THREAD(generate);
    SC_THREAD(addsub);
    SC_THREAD(presdbl);
    SC_THREAD(szero);
    SC_THREAD(print);
    SC_THREAD(clock);
  }
};

int sc_main(int argc, char *argv[]) {
  Pipeline top("top");
  sc_start();
  return 0;
}
