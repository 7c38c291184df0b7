// expect: FAILED
// A task and a timer interrupt handler both count events in a shared counter; each also
// counts its own events. The task checks (with interrupts masked) that the shared counter is
// the sum of both.
// Bug: the task's `counter++` is not in a critical section. It is one C statement but a load
// and a store: the interrupt may fire between them, and its increment is lost.
#include <FreeRTOS.h>
#include <task.h>
#include <verifier.h>

volatile int counter;
int task_events;
int isr_events;

void isr_timer(void) {
  counter = counter + 1;
  isr_events += 1;
}

void worker(void *p) {
  for (;;) {
    counter++;
    task_events += 1;
    taskENTER_CRITICAL();
    if (counter != task_events + isr_events)
      reach_error();
    taskEXIT_CRITICAL();
  }
}

int main(void) {
  void (*handler)(void) = isr_timer; /* installed in the vector table */
  (void)handler;
  xTaskCreate(worker, "worker", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
