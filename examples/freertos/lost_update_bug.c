// expect: FAILED
// Two tasks of equal priority (time-sliced) each count one event with `events++`; a
// lower-priority monitor checks, with interrupts masked, that once both tasks are done the
// count is 2.
// Bug: `events++` is a load and a store, and the tick may arrive between them and switch to
// the other task, whose increment is then overwritten.
#include <FreeRTOS.h>
#include <task.h>
#include <verifier.h>

int events;
int done_a, done_b;

void task_a(void *p) {
  events++;
  done_a = 1;
  vTaskDelete(NULL);
}

void task_b(void *p) {
  events++;
  done_b = 1;
  vTaskDelete(NULL);
}

void monitor(void *p) {
  for (;;) {
    taskENTER_CRITICAL();
    if (done_a && done_b && events != 2)
      reach_error();
    taskEXIT_CRITICAL();
  }
}

int main(void) {
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(monitor, "monitor", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
