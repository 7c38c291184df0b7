// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// xSemaphoreCreateCounting(uxMaxCount, uxInitialCount): a pool of 3 buffers, 2 free at
// start. Two takes with zero block time succeed, the third fails until a give.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>
static SemaphoreHandle_t pool;
void user(void *p) {
  if (uxSemaphoreGetCount(pool) != 2)
    reach_error();
  if (xSemaphoreTake(pool, 0) != pdPASS || xSemaphoreTake(pool, 0) != pdPASS)
    reach_error();
  if (xSemaphoreTake(pool, 0) != pdFAIL)
    reach_error();
  xSemaphoreGive(pool);
  xSemaphoreGive(pool);
  xSemaphoreGive(pool);
  if (xSemaphoreGive(pool) != pdFAIL || uxSemaphoreGetCount(pool) != 3)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  pool = xSemaphoreCreateCounting(3, 2);
  configASSERT(pool != NULL);
  xTaskCreate(user, "user", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
