// expect: FAILED
// The modeller expects wait(1.5, SC_NS) + wait(2.25, SC_NS) to end at 3 ns, as if the
// fractions were truncated to whole nanoseconds; sc_time(v, unit) rounds v * (unit /
// resolution) at the 1 ps resolution, so the time is 3750 ps.
#include <systemc.h>

SC_MODULE(Timer) {
  double delay_ns;
  void run() {
    wait(1.5, SC_NS);
    delay_ns = 2.25;
    wait(delay_ns, SC_NS);
    sc_assert(sc_time_stamp() == sc_time(3, SC_NS));
  }
  SC_CTOR(Timer) : delay_ns(0) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Timer t("t");
  sc_start();
  return 0;
}
