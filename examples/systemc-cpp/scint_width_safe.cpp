// expect: SUCCESSFUL
// sc_uint<N> / sc_int<N> operands are uint64 / int64 in SystemC's arithmetic (their
// conversion operators, IEEE 1666 7.5.4-7.5.5): `a - 1` of an sc_uint<8> holding 0 is
// 2^64 - 1 (-1 as a long long), halving it stays above 2^40; `(sc_uint<8>(200) + 100)` is 300;
// the result is truncated only when stored into an sc_uint.
#include <systemc.h>

SC_MODULE(Alu) {
  void run() {
    sc_uint<8> a = 0;
    long long below = a - 1;
    sc_assert(below == -1);
    sc_assert((a - 1) / 2 > 1000000000000ULL);
    sc_assert((sc_uint<8>(200) + 100) == 300);
    sc_uint<4> c = 15;
    c += 1;
    sc_assert(c == 0);
    sc_int<8> m = -100;
    sc_assert(m * 3 / 7 == -42);
  }
  SC_CTOR(Alu) { SC_THREAD(run); }
};

int sc_main(int, char **) {
  Alu alu("alu");
  sc_start();
  return 0;
}
