// expect: SUCCESSFUL
// SystemC producer / consumer over a one-place FIFO (after the SV-COMP pc_sfifo tasks). The
// producer writes when the slot is free and signals the consumer with a delta notification;
// the consumer takes 2 time units to accept an item, then frees the slot and signals the
// producer with a timed notification (1 time unit later). The consumer checks that it read
// the last value written and that no item was lost or duplicated.
#include <systemc.h>
#include <verifier.h>

sc_event write_ev;
sc_event read_ev;
int buf;
int q_free = 1;
int num_write, num_read;
int last_write, last_read;

void producer(void) {
  while (1) {
    while (q_free == 0)
      sc_wait(&read_ev);
    buf = __VERIFIER_nondet_int();
    last_write = buf;
    num_write += 1;
    q_free = 0;
    sc_notify_delta(&write_ev);
  }
}

void consumer(void) {
  while (1) {
    while (q_free == 1)
      sc_wait(&write_ev);
    sc_wait_time(2);
    last_read = buf;
    num_read += 1;
    q_free = 1;
    sc_notify_time(&read_ev, 1);
    if (last_read != last_write || num_read != num_write)
      reach_error();
  }
}

int main(void) {
  sc_thread_create(producer);
  sc_thread_create(consumer);
  sc_start();
  return 0;
}
