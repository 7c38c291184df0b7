// expect: FAILED
// sc_signal::event() (the style of the reference pkt_switch): the modeller expects writing
// the value a signal already has (a = 1 twice) to be a second event of `a`; it is no change,
// so neither value_changed_event nor event() sees it and the count stays at 1.
#include <systemc.h>

SC_MODULE(top) {
  sc_signal<int> a, b;
  int seen_a, seen_b;

  void drive() {
    a.write(1);
    sc_assert(!a.event()); // the write is not committed yet
    wait(SC_ZERO_TIME);
    sc_assert(a.event() && !b.event());
    wait(SC_ZERO_TIME);
    sc_assert(!a.event());
    b.write(2);
    wait(1, SC_NS);
    a.write(1); // the value it has: no event
    b.write(3);
    wait(SC_ZERO_TIME);
    sc_assert(!a.event() && b.event());
    wait(1, SC_NS);
    sc_assert(!b.event());
  }

  void watch() {
    if (a.event())
      seen_a++;
    if (b.event())
      seen_b++;
  }

  SC_CTOR(top) : seen_a(0), seen_b(0) {
    SC_THREAD(drive);
    SC_METHOD(watch);
    sensitive << a << b;
    dont_initialize();
  }
};

int sc_main(int, char **) {
  top t("t");
  sc_start();
  sc_assert(t.seen_a == 2 && t.seen_b == 2); // expects the same-value write to count
  return 0;
}
