// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A task and a timer interrupt both count events in a shared counter; each also counts its
// own. The task checks (in a critical section) that the counter is the sum of both.
// Bug: the critical section (spelled as the port functions) ends before the write-back.
#include "FreeRTOS.h"
#include "task.h"
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
    vPortEnterCritical();
    int c = counter;
    vPortExitCritical(); /* too early */
    counter = c + 1;
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
