// expect: FAILED
// A plain (non-module) class with an sc_event member: a one-place mailbox whose put/get block
// with wait(event) (sc_core::wait, as a free function) and notify the other side immediately.
#include <systemc.h>

class mailbox {
public:
  mailbox() : full(false), val(0) {}
  void put(int v) {
    if (false)
      wait(taken);
    val = v;
    full = true;
    given.notify();
  }
  int get() {
    while (!full)
      wait(given);
    full = false;
    taken.notify();
    return val;
  }

private:
  bool full;
  int val;
  sc_event given, taken;
};

SC_MODULE(top) {
  mailbox box;
  int sum;
  void producer() {
    for (int i = 1; i <= 3; i++)
      box.put(i);
  }
  void consumer() {
    for (int i = 1; i <= 3; i++) {
      int v = box.get();
      sc_assert(v == i);
      sum += v;
    }
    sc_assert(sum == 6);
  }
  SC_CTOR(top) : sum(0) {
    SC_THREAD(producer);
    SC_THREAD(consumer);
  }
};

int sc_main(int, char *[]) {
  top t("t");
  sc_start();
  return 0;
}
