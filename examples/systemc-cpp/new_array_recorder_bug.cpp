// expect: FAILED
// args: --timeout 200
// A module whose storage is allocated in its constructor with array `new`, the size given
// by the constructor argument (as the reference library's simple_perf example does): a
// shift register of the last `n` samples. The bug: the shift loop stops one element early,
// so hist[1] is never refilled and the oldest entry stays 0 instead of 6 - n + 1.
#include <systemc.h>

SC_MODULE(recorder) {
    int *hist;
    int n;
    SC_HAS_PROCESS(recorder);
    recorder(sc_module_name nm, int depth) : sc_module(nm), n(depth) {
        hist = new int[depth];
        SC_THREAD(run);
    }
    void run() {
        for (int i = 0; i < n; i++)
            hist[i] = 0;
        for (int t = 1; t <= 6; t++) {
            for (int i = n - 1; i > 1; i--) // BUG: i > 0
                hist[i] = hist[i - 1];
            hist[0] = t;
            wait(1, SC_NS);
        }
        sc_assert(hist[n - 1] == 6 - n + 1);
    }
};

int sc_main(int, char **) {
    recorder r("r", 3);
    sc_start();
    return 0;
}
