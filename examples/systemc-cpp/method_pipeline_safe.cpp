// expect: SUCCESSFUL
// C++ twin of examples/systemc/method_pipeline_safe.c: two method processes form a two-stage
// pipeline across delta cycles (mid = in + 1, out = mid + 10); the driver waits for out's
// value_changed_event and checks it.
#include <systemc.h>

extern "C" int __VERIFIER_nondet_int(void);
extern "C" void __VERIFIER_assume(int);

SC_MODULE(Stage) {
  sc_in<int> in;
  sc_out<int> out;
  int add;
  void step() { out.write(in.read() + add); }
  SC_HAS_PROCESS(Stage);
  Stage(sc_module_name name, int k) : sc_module(name), add(k) {
    SC_METHOD(step);
    sensitive << in;
    dont_initialize();
  }
};

SC_MODULE(Driver) {
  sc_out<int> in;
  sc_in<int> out;
  sc_in<int> mid;
  void run() {
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v > 0 && v < 100);
    in.write(v);
    wait(out.value_changed_event());
    sc_assert(out.read() == v + 11);
  }
  SC_CTOR(Driver) { SC_THREAD(run); }
};

int sc_main(int argc, char *argv[]) {
  sc_signal<int> in, mid, out;
  Stage stage1("stage1", 1);
  Stage stage2("stage2", 10);
  Driver driver("driver");
  stage1.in(in);
  stage1.out(mid);
  stage2.in(mid);
  stage2.out(out);
  driver.in(in);
  driver.out(out);
  driver.mid(mid);
  sc_start();
  return 0;
}
