// expect: FAILED
// A module with a virtual destructor that frees what its constructor allocated (as the
// reference risc_cpu's bios, icache and dcache have): the destructor runs when sc_main
// returns, after the simulation, and only frees memory; `virtual` changes nothing there. The
// process fills the cells with i * 2 and checks the last.
// Bug: the check counts the cells from 1 (expects 2 * 4).
#include <systemc.h>

SC_MODULE(mem) {
  int *cells;
  SC_CTOR(mem) {
    cells = new int[4];
    SC_THREAD(run);
  }
  virtual ~mem() { delete[] cells; }
  void run() {
    for (int i = 0; i < 4; i++)
      cells[i] = i * 2;
    wait(5, SC_NS);
    sc_assert(cells[3] == 8);
  }
};

int sc_main(int, char **) {
  mem m("m");
  sc_start();
  return 0;
}
