// expect: SUCCESSFUL
// A plain struct through an sc_fifo and as a module member: the producer sends two numbered
// requests (an sc_uint<2> sequence number, which wraps at 4) through a one-place FIFO; the
// consumer checks each and keeps the last one in a struct member. Nested structs, an array
// field, whole-struct copies and the struct's operator==.
#include <systemc.h>

struct header {
  sc_uint<2> seq;
  bool urgent;
};

struct request {
  header h;
  int words[2];
  bool operator==(const request &o) const {
    return h.seq == o.h.seq && words[0] == o.words[0] && words[1] == o.words[1];
  }
};

SC_MODULE(producer) {
  sc_fifo_out<request> out;
  void send(int i) {
    request r;
    r.h.seq = i;
    r.h.urgent = i == 4;
    r.words[0] = i;
    r.words[1] = 2 * i;
    out.write(r);
  }
  void run() {
    send(3);
    send(4);
  }
  SC_CTOR(producer) { SC_THREAD(run); }
};

SC_MODULE(consumer) {
  sc_fifo_in<request> in;
  request last;
  int count;
  void run() {
    for (int k = 0; k < 2; k++) {
      wait(1, SC_NS);
      request r = in.read();
      sc_assert(r.words[1] == 2 * r.words[0]);
      last = r;
      count++;
    }
    sc_assert(last.h.urgent && last.words[0] == 4);
    sc_assert(last.h.seq == 0);
  }
  SC_CTOR(consumer) : count(0) { SC_THREAD(run); }
};

int sc_main(int argc, char *argv[]) {
  sc_fifo<request> q(1);
  producer p("p");
  consumer c("c");
  p.out(q);
  c.in(q);
  sc_start();
  sc_assert(c.count == 2);
  request copy = c.last;
  sc_assert(copy == c.last);
  return 0;
}
