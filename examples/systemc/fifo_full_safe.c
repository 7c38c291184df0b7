// expect: SUCCESSFUL
// args: --timeout 200
// A producer writes into a one-place sc_fifo faster than the consumer reads. A value written
// in a delta cycle is readable from the next one, and a slot a read frees is free only from
// the next delta cycle. Bug: the producer uses nb_write and ignores its result: writing into
// the full FIFO fails and the value is lost, so the consumer reads 1, 3.
#define SC_FIFO_MAX 1
#include <systemc.h>
#include <verifier.h>
sc_fifo_int fifo;
void producer(void) {
  sc_fifo_write(&fifo, 1);
  sc_fifo_write(&fifo, 2);
  sc_wait_time(5);
  sc_fifo_write(&fifo, 3);
}
void consumer(void) {
  for (int i = 1; i <= 3; i++) {
    int v;
    sc_wait_time(1);
    sc_fifo_read(&fifo, v);
    if (v != i) reach_error();
  }
}
int main(void) {
  sc_fifo_init(&fifo, 1);
  SC_THREAD(producer);
  SC_THREAD(consumer);
  sc_start();
  return 0;
}
