// expect: FAILED
// rand() as pkt_switch's sender uses it: a random 8-bit payload (rand() % 255).
// rand() returns any value in [0, RAND_MAX] (glibc: 2^31 - 1); srand's seed, time(NULL) here,
// does not restrict it. The receiver checks every payload's range.
#include <systemc.h>
#include <cstdlib>
#include <ctime>

SC_MODULE(link) {
  sc_fifo<int> ch;
  int sent, got;
  void sender() {
    srand((unsigned)time(NULL));
    for (int i = 0; i < 3; i++) {
      int data = rand() % 255;
      sc_assert(rand() <= 32767); // wrong: RAND_MAX is 32767 only on some C libraries
      sc_assert(data >= 0 && data < 255);
      ch.write(data);
      sent++;
      wait(1, SC_NS);
    }
  }
  void receiver() {
    for (int i = 0; i < 3; i++) {
      int d = ch.read();
      sc_assert(d < 255);
      got++;
    }
    sc_assert(got == 3 && sent == 3);
  }
  SC_CTOR(link) : ch(2), sent(0), got(0) {
    SC_THREAD(sender);
    SC_THREAD(receiver);
  }
};

int sc_main(int, char *[]) {
  link l("l");
  sc_start();
  return 0;
}
