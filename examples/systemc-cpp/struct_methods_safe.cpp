// expect: SUCCESSFUL
// args: --timeout 200
// A plain struct with constructors and member functions (the style of the reference
// pkt_switch's `fifo`): defined out of the class as `queue4::push`, called on a module member
// and on a local built by `queue4 local(7)`; the default constructor runs before the module's
// process, `n` is 0 by sc_uint's own constructor. Four pushes fill the queue.
#include <systemc.h>

struct queue4 {
  int regs[4];
  sc_uint<3> n;
  bool full;
  queue4() { full = false; }
  queue4(int first) : full(false) { push(first); }
  void push(int v);
  int pop();
  bool empty() const { return n == 0; }
};

void queue4::push(int v) {
  regs[n++] = v;
  if (n == 4)
    full = true;
}

int queue4::pop() {
  int t = regs[0];
  regs[0] = regs[1];
  regs[1] = regs[2];
  regs[2] = regs[3];
  n--;
  full = false;
  return t;
}

SC_MODULE(top) {
  queue4 q;
  sc_signal<int> out;
  SC_CTOR(top) { SC_THREAD(run); }
  void run() {
    sc_assert(q.empty() && !q.full);
    queue4 local(7);
    local.push(8);
    sc_assert(local.pop() == 7 && !local.empty());
    q.push(1);
    q.push(2);
    q.push(3);
    q.push(4);
    sc_assert(q.full);
    sc_assert(q.pop() == 1);
    sc_assert(!q.full && q.n == 3);
    out.write(q.pop());
    wait(SC_ZERO_TIME);
    sc_assert(out.read() == 2);
  }
};

int sc_main(int, char **) {
  top t("t");
  sc_start();
  return 0;
}
