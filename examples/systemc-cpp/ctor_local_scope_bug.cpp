// expect: FAILED
// Bug: the check expects the first weight to be 2; the constructor fills 0, 2, 4.
// A constructor run from sc_main sees its own members and locals, not sc_main's locals of the
// same name: `limit = 3` in the constructor sets the member even though sc_main has a local
// `limit`; the constructor's own local table (its size a local constant) fills a member;
// sc_main's local constant sizes its own array.
#include <systemc.h>

SC_MODULE(Counter) {
  int limit;
  int weights[3];
  int count;
  void run() {
    for (int i = 0; i < limit; i++) {
      count += weights[i];
      wait(1, SC_NS);
    }
    sc_assert(count == 0 + 2 + 4);
  }
  SC_CTOR(Counter) : count(0) {
    const int K = 3;
    int w[K];
    limit = K;
    for (int i = 0; i < K; i++) {
      w[i] = 2 * i;
      weights[i] = w[i];
    }
    SC_THREAD(run);
  }
};

int sc_main(int argc, char *argv[]) {
  int limit = 0;
  int count = 7;
  const int N = 2;
  int hist[N + 1];
  hist[N] = 5;
  Counter c("c");
  sc_start();
  sc_assert(limit == 0 && count == 7 && hist[N] == 5);
  sc_assert(c.count == 6);
  sc_assert(c.weights[0] == 2);
  return 0;
}
