// expect: SUCCESSFUL
// SystemC pipeline (after the SV-COMP pipeline.cil tasks): a clock thread notifies the clock
// event every time unit; on each clock the stages run in any order: generate picks two
// inputs, addsub computes their sum and difference, presdbl passes the sum on and doubles it
// as (sum + diff) + (sum - diff), zero computes dbl - 2 * pres, and print latches it. Every
// stage writes its outputs together, so whatever the order, zero is always 0; the clock
// thread checks the printed value every 2 cycles (SV-COMP: 5).
#include <systemc.h>
#include <verifier.h>

sc_event clk;
int in1, in2, sum, diff, pres, dbl, zero, z;
int count;

void generate(void) {
  while (1) {
    sc_wait(&clk);
    in1 = __VERIFIER_nondet_int();
    in2 = __VERIFIER_nondet_int();
  }
}

void addsub(void) {
  while (1) {
    sc_wait(&clk);
    int a = in1;
    int b = in2;
    sum = a + b;
    diff = a - b;
  }
}

void presdbl(void) {
  while (1) {
    sc_wait(&clk);
    int a = sum;
    int b = diff;
    pres = a;
    int c = a + b;
    int d = a - b;
    dbl = c + d;
  }
}

void szero(void) {
  while (1) {
    sc_wait(&clk);
    int a = pres;
    int b = dbl;
    zero = b - (a + a);
  }
}

void print(void) {
  while (1) {
    sc_wait(&clk);
    z = zero;
  }
}

void clock(void) {
  while (1) {
    sc_wait_time(1);
    sc_notify(&clk);
    count += 1;
    if (count == 2) {
      if (z != 0)
        reach_error();
      count = 0;
    }
  }
}

int main(void) {
  sc_thread_create(generate);
  sc_thread_create(addsub);
  sc_thread_create(presdbl);
  sc_thread_create(szero);
  sc_thread_create(print);
  sc_thread_create(clock);
  sc_start();
  return 0;
}
