// expect: SUCCESSFUL
// config: configUSE_PREEMPTION 0
// Cooperative scheduling (configUSE_PREEMPTION 0): the tick never switches tasks, so the
// low-priority task's write-then-check of `shared` runs without the higher task in between,
// even though the higher task wakes from its delay at some tick meanwhile.
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
