// expect: FAILED
// SystemC producer / consumer over a one-place FIFO (after the SV-COMP pc_sfifo tasks). The
// producer signals the consumer with a delta notification; the consumer takes 2 time units to
// accept an item, then frees the slot and signals the producer with a timed notification.
// The consumer checks that it read the last value written and that no item was lost.
// Bug: the producer does not wait for the free slot; it assumes the consumer is done after
// 1 time unit and overwrites the item the consumer has not read yet.
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
    buf = __VERIFIER_nondet_int();
    last_write = buf;
    num_write += 1;
    q_free = 0;
    sc_notify_delta(&write_ev);
    sc_wait_time(1);
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
