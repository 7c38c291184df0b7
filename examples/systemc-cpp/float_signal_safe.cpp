// expect: SUCCESSFUL
// Floating point in a SystemC model: an sc_signal<double> carries 0.1 and then 0.2 to a
// thread process that sums them. In IEEE double arithmetic 0.1 + 0.2 is not 0.3, so the
// check allows a tolerance; converted to tenths and rounded it is exactly 3.
#include <systemc.h>

SC_MODULE(top) {
  sc_signal<double> x;
  double acc;
  int samples;

  void prod() {
    x.write(0.1);
    wait(SC_ZERO_TIME);
    x.write(0.2);
    wait(SC_ZERO_TIME);
  }

  void sum() {
    wait(x.value_changed_event());
    acc = x.read();
    wait(x.value_changed_event());
    acc = acc + x.read();
    samples = 2;
  }

  SC_CTOR(top) : acc(0.0), samples(0) {
    SC_THREAD(prod);
    SC_THREAD(sum);
  }
};

int sc_main(int, char **) {
  top t("t");
  sc_start();
  sc_assert(t.samples == 2);
  sc_assert(t.acc > 0.2999 && t.acc < 0.3001);
  sc_assert(int(t.acc * 10 + 0.5) == 3);
  return 0;
}
