// expect: SUCCESSFUL
// Two tasks of equal priority (time-sliced) each count one event with `events++`; a
// lower-priority monitor checks, with interrupts masked, that once both tasks are done the
// count is 2.
// The increments are made inside critical sections (the tick is masked there), so neither
// is lost.
#include <FreeRTOS.h>
#include <task.h>
#include <verifier.h>

int events;
int done_a, done_b;

void task_a(void *p) {
  taskENTER_CRITICAL();
  events++;
  taskEXIT_CRITICAL();
  done_a = 1;
  vTaskDelete(NULL);
}

void task_b(void *p) {
  taskENTER_CRITICAL();
  events++;
  taskEXIT_CRITICAL();
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
