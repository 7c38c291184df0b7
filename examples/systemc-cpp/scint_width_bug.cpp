// expect: FAILED
// The modeller takes `a - 1` of an sc_uint<8> holding 0 for an unsigned value that stays
// positive in a long long; SystemC computes it as a uint64 (2^64 - 1), which is -1 as a long
// long (a 32-bit unsigned computation would give 4294967295 and hide the mistake).
#include <systemc.h>

SC_MODULE(Alu) {
  void run() {
    sc_uint<8> a = 0;
    long long below = a - 1;
    sc_assert(below > 0);
  }
  SC_CTOR(Alu) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Alu alu("alu");
  sc_start();
  return 0;
}
