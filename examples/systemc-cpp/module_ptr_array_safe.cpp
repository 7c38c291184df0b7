// expect: SUCCESSFUL
// An array of module pointers filled with `new` in an elaboration loop, each stage's ports
// bound through the pointer in the same loop: three incrementing method stages between
// four signals. The driver writes 10 and, after the stages have settled, reads 13.
#include <systemc.h>

SC_MODULE(stage) {
    sc_in<int> in;
    sc_out<int> out;
    SC_CTOR(stage) {
        SC_METHOD(step);
        sensitive << in;
        dont_initialize();
    }
    void step() { out.write(in.read() + 1); }
};

SC_MODULE(driver) {
    sc_out<int> out;
    sc_in<int> in;
    SC_CTOR(driver) { SC_THREAD(run); }
    void run() {
        out.write(10);
        wait(5, SC_NS);
        sc_assert(in.read() == 13);
    }
};

const int N = 3;

int sc_main(int, char **) {
    sc_signal<int> sig[N + 1];
    stage *s[N];
    for (int i = 0; i < N; i++) {
        s[i] = new stage(sc_gen_unique_name("stage"));
        s[i]->in(sig[i]);
        s[i]->out(sig[i + 1]);
    }
    driver d("d");
    d.out(sig[0]);
    d.in(sig[N]);
    sc_start();
    return 0;
}
