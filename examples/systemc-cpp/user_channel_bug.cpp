// expect: FAILED
// A hierarchical channel as in the SystemC examples' simple_fifo: interfaces derived from
// sc_interface, a channel derived from sc_channel implementing both, and sc_port<interface>
// ports bound to it. Two producers share a two-place FIFO.
// Bug (as in simple_fifo's channel): a writer waits with `if`, not `while`: two writers
// blocked on a full FIFO both wake on one read, and the second writes into a full FIFO.
#include <systemc.h>

class write_if : virtual public sc_interface {
public:
  virtual void write(int) = 0;
};

class read_if : virtual public sc_interface {
public:
  virtual void read(int &) = 0;
  virtual int num_available() = 0;
};

class fifo : public sc_channel, public write_if, public read_if {
public:
  fifo(sc_module_name name) : sc_channel(name), num_elements(0), first(0) {}

  void write(int c) {
    if (num_elements == max)
      wait(read_event);
    sc_assert(num_elements < max);
    int last = first + num_elements;
    data[last >= max ? last - max : last] = c;
    ++num_elements;
    write_event.notify();
  }

  void read(int &c) {
    while (num_elements == 0)
      wait(write_event);
    c = data[first];
    --num_elements;
    first = first + 1 == max ? 0 : first + 1;
    read_event.notify();
  }

  int num_available() { return num_elements; }

private:
  enum e { max = 2 };
  int data[max];
  int num_elements, first;
  sc_event write_event, read_event;
};

class producer : public sc_module {
public:
  sc_port<write_if> out;
  int base;
  producer(sc_module_name name, int b) : sc_module(name), base(b) { SC_THREAD(main); }
  void main() {
    for (int i = 0; i < 3; i++)
      out->write(base + i);
  }
  SC_HAS_PROCESS(producer);
};

class consumer : public sc_module {
public:
  sc_port<read_if> in;
  SC_HAS_PROCESS(consumer);
  consumer(sc_module_name name) : sc_module(name) { SC_THREAD(main); }
  void main() {
    for (int i = 0; i < 6; i++) {
      int c;
      in->read(c);
      wait(1, SC_NS);
    }
  }
};

int sc_main(int, char *[]) {
  fifo f("f");
  producer p1("p1", 10), p2("p2", 20);
  consumer c("c");
  p1.out(f);
  p2.out(f);
  c.in(f);
  sc_start();
  return 0;
}
