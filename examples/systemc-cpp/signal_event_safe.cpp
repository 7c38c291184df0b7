// expect: SUCCESSFUL
// sc_signal::event() (the style of the reference pkt_switch): true exactly in the delta cycle
// right after the update phase in which the signal's value changed. A method sensitive to two
// signals tells which one woke it; writing the value a signal already has is no event; the
// change is forgotten in the next delta cycle and after time advances.
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
  sc_assert(t.seen_a == 1 && t.seen_b == 2);
  return 0;
}
