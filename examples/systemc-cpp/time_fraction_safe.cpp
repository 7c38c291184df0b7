// expect: SUCCESSFUL
// sc_time(v, unit) and wait(v, unit) with a fractional v: v * (unit / resolution) rounded to
// the nearest resolution unit (1 ps) in double precision, as the reference kernel's
// from_value_and_unit; 1.5 ns is 1500 ps, 10 fs rounds to zero, a double variable the same.
#include <systemc.h>

SC_MODULE(Timer) {
  sc_event never;
  double delay_ns;
  void run() {
    sc_assert(sc_time(1, SC_NS) + sc_time(500, SC_PS) == sc_time(1.5, SC_NS));
    sc_assert(sc_time(10, SC_FS) == SC_ZERO_TIME);
    wait(1.5, SC_NS);
    delay_ns = 2.25;
    wait(delay_ns, SC_NS);
    sc_assert(sc_time_stamp() == sc_time(3750, SC_PS));
    wait(sc_time(0.5, SC_NS), never); // times out
    sc_assert(timed_out());
    sc_assert(sc_time_stamp() == sc_time(4.25, SC_NS));
  }
  SC_CTOR(Timer) : delay_ns(0) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Timer t("t");
  sc_start();
  return 0;
}
