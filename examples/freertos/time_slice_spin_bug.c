// expect: FAILED
// Two tasks of equal priority under time slicing. Task b writes 2 and then idles in an
// endless empty loop; the tick still switches to task a, which may have been interrupted
// between its write and its check of the shared value.
#include <FreeRTOS.h>
#include <task.h>
#include <verifier.h>

int shared;

void task_a(void *p) {
  shared = 1;
  if (shared != 1)
    reach_error();
  vTaskDelete(NULL);
}

void task_b(void *p) {
  shared = 2;
  for (;;) {
  }
}

int main(void) {
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
