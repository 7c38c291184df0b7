// expect: SUCCESSFUL
// not yet proved: the tick count the task reads is exact, and ticks may come at any preemption point: ESST enumerates the tick values (86,000 ARF nodes at 20 s)
// xTaskDelayUntil advances the wake time by exactly the period on every call, and returns
// pdFALSE without blocking when the next wake time has already passed: here the task also
// delays 5 ticks in each cycle of a 3-tick period, so every call after the first is late.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
int late;
void periodic(void *p) {
  TickType_t last = xTaskGetTickCount();
  for (int i = 0; i < 3; i++) {
    TickType_t before = last;
    BaseType_t delayed = xTaskDelayUntil(&last, 3);
    if (last != before + 3)
      reach_error();
    if (i > 0 && delayed != pdFALSE)
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
