// expect: FAILED
// Two tasks of equal priority under time slicing. Task a writes 1 and then waits on a local
// flag nothing sets (a loop with an exit edge it never takes); the tick still switches to task
// b, which sees a's value.
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
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
