// expect: FAILED
// args: --timeout 200
// Bug: the consumer expects the sequence number of the last request to be 4; it is an
// sc_uint<2> field and wraps: 4 is stored as 0.
// A plain struct through an sc_fifo and as a module member: the producer sends two numbered
// requests (an sc_uint<2> sequence number, which wraps at 4) through a one-place FIFO; the
// consumer keeps the last one in a struct member; whole-struct copies and operator==.
#include <systemc.h>

struct request {
  sc_uint<2> seq;
  bool urgent;
  int word;
  bool operator==(const request &o) const { return seq == o.seq && word == o.word; }
};

SC_MODULE(producer) {
  sc_fifo_out<request> out;
  void run() {
    request r;
    r.seq = 3;
    r.urgent = false;
    r.word = 3;
    out.write(r);
    r.seq = 4;
    r.urgent = true;
    r.word = 4;
    out.write(r);
  }
  SC_CTOR(producer) { SC_THREAD(run); }
};

SC_MODULE(consumer) {
  sc_fifo_in<request> in;
  request last;
  void run() {
    request first = in.read();
    last = in.read();
    sc_assert(first.word == 3 && !first.urgent && last.urgent);
    sc_assert(last.seq == 4);
  }
  SC_CTOR(consumer) { SC_THREAD(run); }
};

int sc_main(int argc, char *argv[]) {
  sc_fifo<request> q(1);
  producer p("p");
  consumer c("c");
  p.out(q);
  c.in(q);
  sc_start();
  request copy = c.last;
  sc_assert(copy == c.last && copy.word == 4);
  return 0;
}
