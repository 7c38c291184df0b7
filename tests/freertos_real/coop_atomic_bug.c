// expect: FAILED
// config: configUSE_PREEMPTION 1
// Preemptive (configUSE_PREEMPTION 1): the tick that wakes the higher task preempts the
// low-priority task between its write and its check of `shared`.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int shared;
void low(void *p) {
  for (;;) {
    shared = 1;
    shared = shared + 1;
    if (shared != 2)
      reach_error();
    taskYIELD();
  }
}
void high(void *p) {
  for (;;) {
    vTaskDelay(1);
    shared = 5;
  }
}
int main(void) {
  xTaskCreate(low, "low", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(high, "high", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
