// expect: SUCCESSFUL
// sc_time is an unsigned 64-bit count (IEEE 1666 5.11, the reference's uint64 m_value):
// `start - now` with start < now wraps around to a huge time, it is not negative. The elapsed
// time computed the right way round is 10 ns.
#include <systemc.h>

SC_MODULE(Stopwatch) {
  sc_time start;
  void run() {
    start = sc_time_stamp();
    wait(10, SC_NS);
    sc_time now = sc_time_stamp();
    sc_time backwards = start - now;
    sc_assert(backwards > sc_time(1, SC_SEC));
    sc_assert(!(backwards.to_double() < -1));
    sc_assert(now - start == sc_time(10, SC_NS));
  }
  SC_CTOR(Stopwatch) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Stopwatch w("w");
  sc_start();
  return 0;
}
