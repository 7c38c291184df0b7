// expect: FAILED
// Bug: the check expects the value after N stages to be 10 + N - 1 (one stage per signal
// counted wrong): it is 10 + N.
// Local constants (`const int N = 4;` in sc_main and in a constructor) as array bounds of
// signals and of a member table filled in the constructor: a chain of N method stages
// passes a value along, one delta cycle per stage.
#include <systemc.h>

SC_MODULE(Stage) {
  sc_in<int> in;
  sc_out<int> out;
  void step() { out.write(in.read() + 1); }
  SC_CTOR(Stage) {
    SC_METHOD(step);
    sensitive << in;
    dont_initialize();
  }
};

SC_MODULE(Table) {
  int t[3];
  SC_CTOR(Table) {
    const int K = 3;
    int tmp[K];
    for (int i = 0; i < K; i++) {
      tmp[i] = i * i;
      t[i] = tmp[i];
    }
  }
};

int sc_main(int argc, char *argv[]) {
  const int N = 4;
  const unsigned LAST = N - 1;
  sc_signal<int> s[N + 1];
  Stage *st[N];
  for (int i = 0; i < N; i++) {
    st[i] = new Stage(sc_gen_unique_name("stage"));
    st[i]->in(s[i]);
    st[i]->out(s[i + 1]);
  }
  Table tab("tab");
  s[0].write(10);
  sc_start();
  sc_assert(s[N].read() == 10 + N - 1);
  sc_assert(tab.t[LAST - 1] == 4);
  return 0;
}
