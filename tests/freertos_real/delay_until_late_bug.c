// expect: FAILED
// xTaskDelayUntil returns pdFALSE without blocking when the next wake time has already
// passed: the task delays 5 ticks in each cycle of a 3-tick period, so the second call is
// late and the assumption that every call blocked fails.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
void periodic(void *p) {
  TickType_t last = xTaskGetTickCount();
  for (int i = 0; i < 3; i++) {
    if (xTaskDelayUntil(&last, 3) != pdTRUE)
      reach_error();
    vTaskDelay(5);
  }
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(periodic, "per", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
