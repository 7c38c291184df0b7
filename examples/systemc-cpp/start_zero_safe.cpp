// expect: SUCCESSFUL
// sc_start(SC_ZERO_TIME) runs exactly one delta cycle (IEEE 1666 4.3.4.2; the Accellera
// kernel's simulate() with a zero duration crunches once): its evaluation phase, update phase
// and delta notification phase. The processes that notification wakes run only in the next
// sc_start, and time does not advance (the timed wait of `timer` is still pending).
#include <systemc.h>

SC_MODULE(Top) {
  sc_signal<int> s;
  int seen, fired;

  void writer() {
    if (s.read() < 9)
      s.write(s.read() + 1);
  }
  void reader() { seen = s.read(); }
  void timer() {
    wait(5, SC_NS);
    fired = 1;
  }

  SC_CTOR(Top) : seen(0), fired(0) {
    SC_METHOD(writer);
    dont_initialize();
    sensitive << s;
    SC_METHOD(reader);
    sensitive << s;
    dont_initialize();
    SC_THREAD(timer);
  }
};

int sc_main(int argc, char *argv[]) {
  Top top("top");
  top.s.write(7);
  sc_start(SC_ZERO_TIME);
  // the initialization's update phase made s 7 and woke the writer and the reader (in
  // either order: both read 7); the reader is woken again by s = 8 but has not run yet
  sc_assert(top.seen == 7 && top.s.read() == 8);
  sc_assert(sc_time_stamp() == SC_ZERO_TIME && top.fired == 0);
  sc_start(0, SC_NS);
  sc_assert(top.seen == 8 && top.s.read() == 9);
  sc_start(10, SC_NS);
  sc_assert(top.seen == 9 && top.fired == 1 && sc_time_stamp() == sc_time(10, SC_NS));
  return 0;
}
