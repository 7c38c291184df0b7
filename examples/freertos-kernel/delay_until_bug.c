// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* vTaskDelayUntil keeps a fixed period whatever the task did in between. */
void periodic(void *p) {
  TickType_t last = xTaskGetTickCount();
  TickType_t start = last;
  for (int k = 1; k <= 3; k++) {
    vTaskDelay(1); /* waits for the peripheral */
    vTaskDelay(10); /* drifts */
    if (xTaskGetTickCount() != start + 10 * k)
      reach_error();
  }
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(periodic, "per", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
