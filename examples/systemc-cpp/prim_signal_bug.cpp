// expect: FAILED
// A user primitive channel in the style of sc_signal: write() stores the new value and calls
// request_update(); update() commits it in the update phase and notifies value_changed with a
// delta notification. A reader of the channel sees the written value only in the next delta
// cycle.
#include <systemc.h>

class int_if : virtual public sc_interface {
public:
  virtual int read() = 0;
  virtual void write(int v) = 0;
  virtual void wait_change() = 0;
};

class my_signal : public sc_prim_channel, public int_if {
public:
  my_signal(const char *name) : sc_prim_channel(name), cur(0), nxt(0) {}
  int read() { return cur; }
  void write(int v) {
    nxt = v;
    request_update();
  }
  void wait_change() { wait(ev); }

protected:
  void update() {
    if (nxt != cur) {
      cur = nxt;
      ev.notify(SC_ZERO_TIME);
    }
  }

private:
  int cur, nxt;
  sc_event ev;
};

SC_MODULE(writer) {
  sc_port<int_if> out;
  void run() {
    out->write(5);
    sc_assert(out->read() == 5); // wrong: the write is not visible before the update phase
    wait(SC_ZERO_TIME);
    sc_assert(out->read() == 5);
    out->write(7);
  }
  SC_CTOR(writer) { SC_THREAD(run); }
};

SC_MODULE(reader) {
  sc_port<int_if> in;
  void run() {
    in->wait_change();
    sc_assert(in->read() == 5);
    in->wait_change();
    sc_assert(in->read() == 7);
  }
  SC_CTOR(reader) { SC_THREAD(run); }
};

int sc_main(int, char *[]) {
  my_signal s("s");
  writer w("w");
  reader r("r");
  w.out(s);
  r.in(s);
  sc_start();
  return 0;
}
