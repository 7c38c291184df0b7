// expect: SUCCESSFUL
// sc_time as a double (IEEE 1666 5.11): to_double() is the count of resolution units (1 ps),
// to_default_time_units() that count divided by the default time unit (1 ns), the quotient
// of two times their to_double() quotient, and a time scaled by a double rounds to the nearest
// unit as sc_time::operator*= ((int64)(v * d + 0.5): 3 ps * 0.5 is 2 ps). Three threads meet
// at a barrier (as the scx_barrier example): the last arrives at 11 ns and releases the others.
#include <systemc.h>

SC_MODULE(Top) {
  sc_event all_in;
  int waiting;
  double seen[3];

  void barrier() {
    waiting--;
    if (waiting == 0)
      all_in.notify();
    else
      wait(all_in);
  }
  void a() {
    wait(5.0, SC_NS);
    barrier();
    printf("%f - a\n", sc_time_stamp().to_double());
    seen[0] = sc_time_stamp().to_double();
  }
  void b() {
    wait(11.0, SC_NS);
    barrier();
    seen[1] = sc_time_stamp().to_default_time_units();
  }
  void c() {
    barrier();
    seen[2] = sc_time_stamp() / sc_time(2, SC_NS);
    sc_time t = sc_time(3, SC_PS) * 0.5;
    sc_assert(t == sc_time(2, SC_PS));
    t *= 2.0;
    sc_assert(t.to_double() == 4.0 && 0.25 * sc_time(4, SC_NS) == sc_time(1, SC_NS));
  }

  SC_CTOR(Top) : waiting(3) {
    SC_THREAD(a);
    SC_THREAD(b);
    SC_THREAD(c);
  }
};

int sc_main(int argc, char *argv[]) {
  Top top("top");
  sc_start(1000, SC_NS);
  sc_assert(top.seen[0] == 11000.0 && top.seen[1] == 11.0 && top.seen[2] == 5.5);
  return 0;
}
