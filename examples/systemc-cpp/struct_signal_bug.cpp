// expect: FAILED
// Bug: the receiver expects one event per write; a packet equal to the current one (by
// operator==) notifies nothing, so it sees two packets, not three.
// A plain struct as the payload of sc_signal (as pkt in the reference's pkt_switch): the
// signal compares values with the struct's operator== (IEEE 1666 6.4, sc_signal<T>::write and
// update), so a packet equal to the current one notifies nothing and the receiver, sensitive
// to the signal, sees two packets of the three writes; a field the operator ignores (`stamp`)
// keeps its old value when the new packet is equal.
#include <systemc.h>

struct pkt {
  sc_int<8> data;
  sc_uint<4> id;
  bool last;
  int stamp;

  bool operator==(const pkt &rhs) const {
    return rhs.data == data && rhs.id == id && rhs.last == last;
  }
};

inline ostream &operator<<(ostream &os, const pkt &p) {
  os << "pkt";
  return os;
}

SC_MODULE(sender) {
  sc_out<pkt> out;
  void run() {
    pkt p;
    sc_assert(p.data == 0 && p.id == 0);
    p.data = 5;
    p.id = 1;
    p.last = false;
    p.stamp = 1;
    out.write(p);
    wait(10, SC_NS);
    p.stamp = 2;
    out.write(p); // equal by operator==: no event, the signal keeps stamp 1
    wait(10, SC_NS);
    sc_assert(out.read().stamp == 1);
    p.data = p.data + 1;
    p.last = true;
    out.write(p);
  }
  SC_CTOR(sender) { SC_THREAD(run); }
};

SC_MODULE(receiver) {
  sc_in<pkt> in;
  int seen;
  int sum;
  void on_pkt() {
    pkt p = in.read();
    seen++;
    sum += p.data;
    if (seen == 1)
      sc_assert(p.stamp == 1);
    if (p.last) {
      sc_assert(seen == 3);
      sc_assert(sum == 11);
      sc_assert(p.stamp == 2);
    }
  }
  SC_CTOR(receiver) : seen(0), sum(0) {
    SC_METHOD(on_pkt);
    sensitive << in;
    dont_initialize();
  }
};

int sc_main(int argc, char *argv[]) {
  sc_signal<pkt> link;
  sender s("s");
  receiver r("r");
  s.out(link);
  r.in(link);
  sc_start();
  sc_assert(r.seen == 2);
  return 0;
}
