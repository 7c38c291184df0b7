// expect: FAILED
// Task b (higher priority) sleeps 3 ticks; task a writes 1 and then spins on a local flag
// nothing sets. Ticks keep coming while a spins, so b wakes, preempts a and sees its value.
// A single preemption point at the loop's entry would offer one tick only: the spin loop's
// points recur on every iteration under fixed priorities.
#include <FreeRTOS.h>
#include <task.h>
#include <verifier.h>

int shared;

void task_a(void *p) {
  int done = 0;
  shared = 1;
  while (done == 0) {
  }
  vTaskDelete(NULL);
}

void task_b(void *p) {
  vTaskDelay(3);
  if (shared == 1)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
