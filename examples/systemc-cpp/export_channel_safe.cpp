// expect: SUCCESSFUL
// args: --timeout 200
// sc_export (IEEE 1666 5.13): a module makes a channel it contains visible to the outside;
// ports outside bind to the export, exports bind to channels or to other exports. Each
// client adds to the accumulator behind its own export and checks its own total.
#include <systemc.h>

class acc_if : virtual public sc_interface {
public:
    virtual void add(int v) = 0;
    virtual int total() = 0;
};

class acc : public sc_channel, public acc_if {
public:
    acc(sc_module_name n) : sc_channel(n), sum(0) {}
    void add(int v) { sum = sum + v; }
    int total() { return sum; }

private:
    int sum;
};

SC_MODULE(inner) {
    sc_export<acc_if> xp;
    acc a;
    SC_CTOR(inner) : xp("xp"), a("a") { xp(a); }
};

SC_MODULE(outer) {
    sc_export<acc_if> xp1;
    sc_export<acc_if> xp2;
    inner in;
    acc b;
    SC_CTOR(outer) : xp1("xp1"), xp2("xp2"), in("in"), b("b") {
        xp1(in.xp); // export to export
        xp2(b);     // export to channel
    }
};

SC_MODULE(client) {
    sc_port<acc_if> p;
    sc_export<acc_if> mine; // not a positional port
    sc_port<acc_if> log;
    acc own;
    int step;
    SC_HAS_PROCESS(client);
    client(sc_module_name n, int s) : sc_module(n), own("own"), step(s) {
        mine(own);
        SC_THREAD(run);
    }
    void run() {
        for (int i = 0; i < 2; i++) {
            p->add(step);
            log->add(1);
            wait(10, SC_NS);
        }
        sc_assert(p->total() == 2 * step);
    }
};

int sc_main(int, char **) {
    outer o("o");
    client c1("c1", 1);
    client c2("c2", 2);
    c1(o.xp1, c2.mine); // positional: p, log
    c2.p(o.xp2);
    c2.log(c1.mine);
    sc_start();
    // after the simulation, through the exports (operator-> and get_interface)
    sc_assert(o.xp1.get_interface()->total() + o.xp2->total() == 6);
    return 0;
}
