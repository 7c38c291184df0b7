// expect: FAILED
// The modeller takes `start - now` for a negative elapsed time and expects it below 1 ns;
// sc_time is unsigned (IEEE 1666 5.11), so it wraps around to a huge time and the assertion
// fails (a signed time would make it hold).
#include <systemc.h>

SC_MODULE(Stopwatch) {
  sc_time start;
  void run() {
    start = sc_time_stamp();
    wait(10, SC_NS);
    sc_time now = sc_time_stamp();
    sc_time backwards = start - now;
    sc_assert(backwards < sc_time(1, SC_NS));
  }
  SC_CTOR(Stopwatch) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Stopwatch w("w");
  sc_start();
  return 0;
}
