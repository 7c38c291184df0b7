// expect: SUCCESSFUL
// Task a has the higher priority, writes 1 and then spins on a local flag nothing sets. Under
// fixed priorities the lower task b never runs while a is ready, so b cannot see a's value
// (a starts first, being the highest). The preemption points
// of the spin loop offer only what the policy allows: ticks, no switch to a lower priority.
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
  if (shared == 1)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
