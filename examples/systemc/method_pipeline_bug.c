// expect: FAILED
// Two method processes form a two-stage pipeline across delta cycles: stage1 (sensitive to
// `in`) computes mid = in + 1, stage2 (sensitive to `mid`) computes out = mid + 10. Each stage
// sees its input's new value one delta cycle after the write, so out settles two delta cycles
// after the driver writes `in`. Bug: the driver waits for the first stage (mid) and reads out
// in the same delta cycle as stage2 runs: out still has its old value.
#include <systemc.h>
#include <verifier.h>

sc_signal_int in, mid, out;

void stage1(void) { sc_signal_write(&mid, sc_signal_read(&in) + 1); }

void stage2(void) { sc_signal_write(&out, sc_signal_read(&mid) + 10); }

void driver(void) {
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v > 0 && v < 100);
  sc_signal_write(&in, v);
  sc_wait(sc_signal_value_changed_event(&mid));
  if (sc_signal_read(&out) != v + 11)
    reach_error();
}

int main(void) {
  SC_METHOD(stage1);
  sc_sensitive_signal(&in);
  sc_dont_initialize();
  SC_METHOD(stage2);
  sc_sensitive_signal(&mid);
  sc_dont_initialize();
  SC_THREAD(driver);
  sc_start();
  return 0;
}
